import type { CartMessage } from '../../../contract/cart';
import { Alert } from '../Alert';

/**
 * The server's Swedish messages about the cart: 'warning' ones stand in the way of the order (no delivery routes, no
 * users, a discontinued line …), 'info' ones say what the server did (a quantity rounded, the date moved).
 */
export function CartMessages({ messages, className }: { messages: readonly CartMessage[]; className?: string }) {
  if (messages.length === 0) return null;
  const unique = [...new Map(messages.map((m) => [`${m.code}|${m.lineNumber ?? ''}|${m.message}`, m])).values()];
  return (
    <ul className={className ?? 'flex flex-col gap-2'} data-testid="cart-messages">
      {unique.map((m) => (
        <li key={`${m.code}|${m.lineNumber ?? ''}|${m.message}`}>
          <Alert tone={m.severity === 'warning' ? 'warning' : 'info'} live={false}>
            {m.message}
          </Alert>
        </li>
      ))}
    </ul>
  );
}
