// What one GraphQL request may ask of the BFF. Hostile documents are refused before any resolver (and so any upstream
// call) runs: the shape at parse and validation, the cost once the variables are known, the answer's size last.

export const QUERY_LIMITS = {
  /** Nesting of selections; the storefront's deepest query (products → edges → node → related → images) is depth 5. */
  depth: 8,
  aliases: 15,
  /** Tokens of the document, counted while it is parsed (a longer one is a syntax error, 400). */
  tokens: 2000,
  directives: 20,
  /**
   * Objects the answer may hold, lists counted at the size their `first`/`limit` asks (query-cost.ts). The
   * storefront's costliest document, a page of 100 products with each size's stock, costs about 3,100.
   */
  cost: 5000,
  /** How deep one field may appear inside itself on a path: `related { related { … } }`, no further. */
  selfNesting: 2,
  /** Nesting of the request's JSON body (the variables included), checked before it is parsed. */
  jsonDepth: 64,
  /** The serialized answer; a bigger one is replaced by an error (the last line behind the cost). */
  answerBytes: 2 * 1024 * 1024,
} as const;
