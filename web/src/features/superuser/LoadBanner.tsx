/** The red banner at the top with the message of every load that failed (spec 2 §2, §8). */
export function LoadBanner({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="load-banner"
      className="mb-4 rounded-lg bg-red-600 px-4 py-3 text-sm text-white shadow-sm"
    >
      {messages.map((message) => (
        <p key={message} className="font-medium break-words">
          {message}
        </p>
      ))}
    </div>
  );
}
