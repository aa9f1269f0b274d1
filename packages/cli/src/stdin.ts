/**
 * Reading a command's text from stdin (spec/cli.md § lich insert: "The text is the argument, or
 * stdin when it is left out or is -"). Only a command that asks reads it: touching
 * `process.stdin` sets up a handle, and every other command leaves it alone.
 */

/** A stdin as the CLI sees it: a readable stream that may be a terminal. */
export type StdinStream = NodeJS.ReadableStream & { isTTY?: boolean; destroy?: () => unknown };

/**
 * Reads `stream` to its end, or to `limitBytes`, whichever comes first, and decodes it as
 * UTF-8 (wire.md § 5.3: at most 1 MiB is read; what lies past it is not read at all).
 *
 * @returns the text, or `null` when there is nothing to read from: no stream, or a terminal —
 *   waiting on a person to type an end-of-file is not what an editor plugin calling this meant.
 * @throws the stream's own error, for the caller to word.
 */
export function readStdin(stream: StdinStream | undefined, limitBytes: number): Promise<string | null> {
  if (!stream || stream.isTTY) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      if (error) return reject(error);
      resolve(cutUtf8(Buffer.concat(chunks), limitBytes));
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      chunks.push(buf);
      size += buf.length;
      if (size >= limitBytes) {
        // Enough read: the rest stays unread. The stream is let go rather than paused: a paused
        // pipe still holds the process open, and a writer with more to say would wait on it forever.
        stream.pause();
        finish();
        stream.destroy?.();
      }
    };
    const onEnd = () => finish();
    const onError = (error: Error) => finish(error);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
}

/** The first `limit` bytes of `buf` as UTF-8, without a character split at the cut. */
function cutUtf8(buf: Buffer, limit: number): string {
  if (buf.length <= limit) return buf.toString('utf8');
  let end = limit;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}
