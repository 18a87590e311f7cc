import '../i18n-namespace.ts';
import { QuotesStrip } from '../features/quotes-strip/quotes-strip.tsx';

/** Home's live quotes strip (the shell loads it at run time; other remotes never import it). */
export default QuotesStrip;
