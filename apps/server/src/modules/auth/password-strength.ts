import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * zxcvbn's score 0 ("too guessable": under a thousand guesses) with its list of the most common leaked
 * passwords, repeats (aaaaaa), sequences (abcdef, 654321) and keyboard walks (qazwsx). Only those are
 * refused: the length rule stays the spec's 6-16, and anything a guesser needs more than a thousand tries
 * for is the user's choice. Built on first use, since the dictionaries take a moment to index.
 */
let estimator: ZxcvbnFactory | undefined;

/** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
export function passwordScore(password: string): number {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return estimator.check(password).score;
}

export const isTooCommon = (password: string) => passwordScore(password) === 0;

/** Refuses a new login or fund password that is among the most guessable, on the form field it came in. */
export function assertUncommonPassword(password: string, field = 'password', minScore = 1) {
  if (passwordScore(password) < minScore) throw new AppError('password_too_common', { field });
}
