import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [
  { title: "Contact | Churu Uniform House" },
  { name: "description", content: "Call, email or visit the shop in Churu, Rajasthan for school uniforms, sizes and orders." },
];

export default function Contact() {
  return (
    <article className="prose">
      <h1>Contact</h1>
      <address className="contact-block">
        <p>
          Phone: <a href="tel:+910000000000">+91 00000 00000</a>
        </p>
        <p>
          Email: <a href="mailto:support@example.in">support@example.in</a>
        </p>
        <p>Churu, Rajasthan</p>
      </address>
    </article>
  );
}
