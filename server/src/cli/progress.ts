/** Where progress is written: a stream, and whether a person is watching it (a terminal). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** The state now being waited on; a repeat of the current one prints nothing. */
  step(text: string): void;
  /** Ends the last step: its spinner stops and its line stays, marked `✓`, or `✗` when it failed. */
  done(succeeded?: boolean): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const CLEAR_LINE = "\r\x1b[K";

/**
 * Progress while a command waits: a line per state change, so logs and pipes read as a history;
 * on a terminal, a spinner beside the current state, each finished state left as a `✓` line.
 */
export function createProgress(stream: ProgressStream, frameMs = 80): Progress {
  let current: string | undefined;
  if (!stream.isTTY)
    return {
      step(text) {
        if (text === current) return;
        current = text;
        stream.write(`${text}\n`);
      },
      done() {},
    };

  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    if (current !== undefined) stream.write(`${CLEAR_LINE}${FRAMES[frame++ % FRAMES.length]} ${current}`);
  };
  const finish = (mark = "✓") => {
    if (current !== undefined) stream.write(`${CLEAR_LINE}${mark} ${current}\n`);
  };
  return {
    step(text) {
      if (text === current) return;
      finish();
      current = text;
      draw();
      // A spinner must never keep the process alive once the command is done.
      timer ??= setInterval(draw, frameMs).unref();
    },
    done(succeeded = true) {
      clearInterval(timer);
      timer = undefined;
      finish(succeeded ? "✓" : "✗");
      current = undefined;
    },
  };
}
