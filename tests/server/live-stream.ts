/** A phone's live stream of a list (decision 0060) as the server tests hold it: what it heard, and waits on it. */
import { bearer } from './helpers';

export type Message = { event: string; data: Record<string, unknown> };

/** A phone's stream: the messages it has heard, and a wait for one that matches. */
export async function openStream(origin: string, path: string, token?: string) {
  const controller = new AbortController();
  const res = await fetch(`${origin}${path}`, {
    headers: token ? bearer(token) : {},
    signal: controller.signal,
  });
  const heard: Message[] = [];
  const waiters: (() => void)[] = [];
  let ended = !res.ok;
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event) heard.push({ event, data: JSON.parse(data ?? '{}') as Record<string, unknown> });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
      for (const wake of waiters.splice(0)) wake();
    })();
  }
  return {
    res,
    heard,
    ended: () => ended,
    close: () => controller.abort(),
    async next(match: (m: Message) => boolean): Promise<Message> {
      for (;;) {
        const found = heard.find(match);
        if (found) return found;
        if (ended) throw new Error('the stream ended');
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

export async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}
