import { createInterface } from 'node:readline';

/**
 * Asks for a secret without showing it: on a terminal the typed characters are not echoed; from
 * a pipe (a script, CI) the first line is read.
 */
export function promptSecret(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  if (!input.isTTY) {
    return new Promise((resolve) => {
      const lines = createInterface({ input });
      let answered = false;
      lines.once('line', (line) => {
        answered = true;
        lines.close();
        resolve(line.trim());
      });
      lines.once('close', () => {
        if (!answered) resolve('');
      });
    });
  }
  return new Promise((resolve) => {
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(value.trim());
          return;
        }
        if (char === '\u0003') process.exit(130);
        if (char === '\u007f') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

/** A yes/no question on a terminal; from a pipe, the first line. */
export async function confirm(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((resolve) => {
    lines.question(`${question} [y/N] `, resolve);
    lines.once('close', () => resolve(''));
  });
  lines.close();
  return /^y(es)?$/i.test(answer.trim());
}
