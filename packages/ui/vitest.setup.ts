import * as library from '@testing-library/react';
import { setUpJsdomFiles } from '../../vitest.jsdom.setup.ts';

setUpJsdomFiles(library);
