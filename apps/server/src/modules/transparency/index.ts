// The transparency log's face: what flows queue in their transactions, the sequencer, and the public endpoints.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export {
  ordersPlacedInsert,
  ordersSettledInsert,
  logTermsChanged,
  logLiabilitiesRoot,
  pseudonymKeyOf,
  type OrderPlacedFact,
  type OrderSettledFact,
  type OrderVoidedFact,
  type ReferencePriceFact,
  type PriceSecondFact,
  type PseudonymKey,
  type TermsChangedFact,
} from './log-entries.ts';
export { loadLogSigner, type LogSigner } from './log-signer.ts';
export { onceEntryIndex, orderLogEntries, orderLogIndexes } from './log.service.ts';
export { sequence, type SequencePass } from './sequencer.ts';
export { transparencyRoutes } from './transparency.routes.ts';
