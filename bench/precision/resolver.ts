// What every resolver answers (resolvers.ts starts them): its own module, so that the resolvers
// written apart (java-resolve.ts, ts-service.ts) need not import the module that starts them.

/** A declaration the resolver answered: for one inside the checkout, its path relative to it. */
export interface Definition {
  /** Relative to the checkout when `inside`, else absolute. */
  file: string;
  /** 1-based line and 0-based UTF-16 column of the declared name. */
  line: number;
  column: number;
  inside: boolean;
  /** The whole declaration's lines (1-based, inclusive), when the resolver gives them. */
  extent?: { start: number; end: number };
}

export interface Resolver {
  /** The resolver and its version, as reported. */
  readonly label: string;
  /**
   * The declarations of the name at a position (1-based line, 0-based UTF-16 column) of a file of
   * the checkout: [] when the resolver places it nowhere, null when it failed to answer in time.
   */
  define(file: string, line: number, column: number): Promise<Definition[] | null>;
  /** The whole declaration's lines of an answered definition, when the resolver can tell them. */
  extent(definition: Definition): Promise<{ start: number; end: number } | null>;
  close(): Promise<void>;
  /** Positions the resolver failed to answer for, with why. */
  readonly failures?: string[];
}
