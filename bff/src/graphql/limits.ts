// Hostile documents are refused before any resolver (or upstream call) runs (docs/decisions/019).

export const QUERY_LIMITS = {
  /** Of selections; the storefront's deepest query (products → edges → node → related → images) is 5. */
  depth: 8,
  aliases: 15,
  /** Counted while parsing; a longer document is a syntax error (400). */
  tokens: 2000,
  directives: 20,
  /** query-cost.ts; the storefront's costliest document (100 products with stock) costs about 3,100. */
  cost: 5000,
  /** `related { related { … } }`, no further. */
  selfNesting: 2,
  /** Of the request's JSON body, checked before it is parsed. */
  jsonDepth: 64,
  /** A bigger answer is replaced by an error. */
  answerBytes: 2 * 1024 * 1024,
} as const;
