import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AskUs } from "../components/ContactAddress";

export const meta: MetaFunction = () => [
  { title: "Returns & Exchanges | Churu Uniform House" },
  {
    name: "description",
    content: "Return unused items within 7 days: doorstep pickup with a refund in 60 seconds, or an instant cash or UPI refund in store. Exchanges are free.",
  },
];

export default function Returns() {
  return (
    <article className="prose">
      <h1>Returns &amp; Exchanges</h1>
      <section aria-labelledby="r-dislike">
        <h2 id="r-dislike">Don't like it? Return it.</h2>
        <p>
          If a uniform does not fit or you simply do not like it, send it back within <strong>7 days</strong> of delivery. No
          arguments, no long forms.
        </p>
      </section>
      <section aria-labelledby="r-conditions">
        <h2 id="r-conditions">Return conditions</h2>
        <ul>
          <li>Returned within 7 days of delivery.</li>
          <li>Unused and unwashed.</li>
          <li>In the original packaging, with the tags still attached.</li>
        </ul>
      </section>
      <section aria-labelledby="r-refunds">
        <h2 id="r-refunds">Refund options</h2>
        <ul>
          <li>
            <strong>Doorstep pickup:</strong> we collect the item from your home and your refund is claimed within 60 seconds of
            the pickup.
          </li>
          <li>
            <strong>Store drop-off:</strong> bring the item to our shop in Churu for an immediate refund in cash or by UPI.
          </li>
        </ul>
      </section>
      <section aria-labelledby="r-exchanges">
        <h2 id="r-exchanges">Free exchanges</h2>
        <p>Need a different size? Exchanges are always free, for pickup or in store.</p>
      </section>
      <section aria-labelledby="r-non-returnable">
        <h2 id="r-non-returnable">Non-returnable items</h2>
        <ul>
          <li>Items that have been used or washed.</li>
          <li>Custom-stitched or embroidered items.</li>
          <li>Anything returned after 7 days.</li>
        </ul>
      </section>
      <section aria-labelledby="r-how">
        <h2 id="r-how">How to return</h2>
        <ol>
          <li>
            <AskUs /> Have your order number ready.
          </li>
          <li>Choose doorstep pickup or drop the item at our store.</li>
          <li>Hand over the item in its original packaging with the tags on.</li>
          <li>Get your refund, or your exchanged size.</li>
        </ol>
      </section>
      <section aria-labelledby="r-guarantee">
        <h2 id="r-guarantee">Our guarantee</h2>
        <p>
          We have dressed Churu's schoolchildren since 1994. If something is not right, we will make it right.{" "}
          <Link to="/contact">Contact us</Link> any time.
        </p>
      </section>
    </article>
  );
}
