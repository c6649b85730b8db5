/** A dataset's local copy cannot be read as that dataset: the message says what was expected where. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}
