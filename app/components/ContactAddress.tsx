/** The shop's phone, email and town: the footer and /contact show the same block. */
export function ContactAddress({ className }: { className?: string }) {
  return (
    <address className={className}>
      <p>
        Phone: <a href="tel:+910000000000">+91 00000 00000</a>
      </p>
      <p>
        Email: <a href="mailto:support@example.in">support@example.in</a>
      </p>
      <p>Churu, Rajasthan</p>
    </address>
  );
}
