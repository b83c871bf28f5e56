// Progress for downloads: a redrawn bar on a terminal, plain lines otherwise (logs, CI).

export interface Progress {
  start(label: string, url: string): void;
  update(received: number, total: number | undefined): void;
  note(line: string): void;
  finish(line: string): void;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** `isTTY` is undefined on a pipe, whatever Node's types say. */
export function progressFor(stream: Pick<NodeJS.WriteStream, 'write' | 'columns'> & { isTTY?: boolean }, now: () => number = () => performance.now()): Progress {
  let label = '';
  let started = 0;
  let lastDraw = 0;
  const tty = stream.isTTY === true;
  const clear = () => tty && stream.write('\r\x1b[2K');
  return {
    start(l, url) {
      label = l;
      started = now();
      lastDraw = 0;
      if (!tty) stream.write(`${label}: downloading ${url}\n`);
    },
    update(received, total) {
      if (!tty || now() - lastDraw < 100) return;
      lastDraw = now();
      const seconds = Math.max((now() - started) / 1000, 0.001);
      const rate = received / seconds;
      let bar: string;
      let eta = '';
      if (total) {
        const width = 24;
        const done = Math.min(width, Math.round((received / total) * width));
        bar = `[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${mb(received)} of ${mb(total)}`;
        eta = rate > 0 ? `, ${Math.ceil((total - received) / rate)} s left` : '';
      } else {
        bar = mb(received);
      }
      clear();
      stream.write(`${label} ${bar} at ${mb(rate)}/s${eta}`);
    },
    note(line) {
      clear();
      stream.write(`${label}: ${line}\n`);
    },
    finish(line) {
      clear();
      stream.write(`${label}: ${line}\n`);
    },
  };
}
