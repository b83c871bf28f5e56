/** Where in a source file something is wrong: file always, row and column when there is one. */
export interface SourceLocation {
  file: string;
  /** 1-based row as a person sees it: the line of a text file, the row number of a sheet. */
  row?: number;
  /** Column header (and sheet letter for workbooks) as the file spells it. */
  column?: string;
}

/** An expected failure caused by the input data: reported as one line, never with a stack trace. */
export class SourceError extends Error {
  readonly location: SourceLocation;
  readonly detail: string;

  constructor(location: SourceLocation, detail: string) {
    super(`${formatLocation(location)}: ${detail}`);
    this.name = 'SourceError';
    this.location = location;
    this.detail = detail;
  }
}

export function isSourceError(error: unknown): error is SourceError {
  return error instanceof Error && error.name === 'SourceError' && 'location' in error;
}

export function formatLocation({ file, row, column }: SourceLocation): string {
  let where = file;
  if (row !== undefined) where += `, row ${row}`;
  if (column !== undefined) where += `, column ${column}`;
  return where;
}

/**
 * An expected failure that is not about one place in a source file (a refused output folder, a
 * held lock, the publish gate): reported as one line, never with a stack trace.
 */
export class ExpectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
