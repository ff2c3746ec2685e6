// A long value in a table cell (an email address, a URL) on one line, cut with an ellipsis and
// whole in its tooltip, so it never stretches or breaks its row.
export function TruncatedText({
  text,
  className = "max-w-64",
}: {
  text: string;
  className?: string;
}) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {text}
    </span>
  );
}
