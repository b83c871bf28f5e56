/** Where in a source file something is wrong: file always, row and column when there is one. */
export interface SourceLocation {
  file: string;
  /** 1-based row as a person sees it: the line of a text file, the row number of a sheet. */
  row?: number;
  /** Column header (and sheet letter for workbooks) as the file spells it. */
  column?: string;
}

/** A system error's code in words, for the one line a failed read or write is reported in. */
export const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a folder',
  ENOENT: 'not found',
  ELOOP: 'a loop of symbolic links',
  EIO: 'input/output error',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'a read-only file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENOTDIR: 'a file where a folder should be',
};

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

/**
 * A source file's text as JSON, or a SourceError naming the file: `not JSON (the parser's words)`,
 * then `likely`, what such a file usually is instead (`; HUD's API answers … with an HTML page`).
 */
export function parseJsonSource(text: string, file: string, likely = ''): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SourceError({ file }, `not JSON (${(error as Error).message})${likely}`);
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

/** An error as it crosses from a worker thread: a class does not survive the copy, so each kind says what it was. */
export type ThreadedError =
  | { sourceError: { location: SourceLocation; detail: string } }
  | { expected: { name: string; message: string } }
  | { unexpected: string };

export function errorForThread(error: unknown): ThreadedError {
  if (isSourceError(error)) return { sourceError: { location: error.location, detail: error.detail } };
  if (error instanceof ExpectedError) return { expected: { name: error.name, message: error.message } };
  return { unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The error a worker sent, as the same kind on this thread; `work` and `where` say what failed, for a bug's report. */
export function errorFromThread(sent: ThreadedError, work: string, where = 'on a worker thread'): Error {
  if ('sourceError' in sent) return new SourceError(sent.sourceError.location, sent.sourceError.detail);
  if ('expected' in sent) {
    const error = new ExpectedError(sent.expected.message);
    error.name = sent.expected.name;
    return error;
  }
  return new Error(`${work} failed ${where}:\n${sent.unexpected}`);
}
