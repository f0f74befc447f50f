/** The small print under a product: real disclosure sections, so they open without JS. */
export function ProductInfoSections({ sizeGuide }: { sizeGuide?: string }) {
  return (
    <div className="product-info">
      <details>
        <summary>Size Guide</summary>
        <p>
          {sizeGuide ??
            "Uniform sizes are chest or waist measurements in inches. Measure over a vest and pick the next size up if your child is between sizes."}
        </p>
      </details>
      <details>
        <summary>Delivery &amp; Return</summary>
        <p>
          Free doorstep delivery in Churu. Unused items in their original packaging with tags can be returned within 7 days;
          exchanges are free. See the <a href="/returns">returns policy</a>.
        </p>
      </details>
      <details>
        <summary>Ask a Question</summary>
        <p>
          Call <a href="tel:+910000000000">+91 00000 00000</a> or write to <a href="mailto:support@example.in">support@example.in</a>.
          We answer within a working day.
        </p>
      </details>
    </div>
  );
}
