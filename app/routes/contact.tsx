import type { MetaFunction } from "@remix-run/node";
import { ContactAddress, useShopContact } from "../components/ContactAddress";

export const meta: MetaFunction = () => [
  { title: "Contact | Churu Uniform House" },
  { name: "description", content: "Call, email or visit the shop in Churu, Rajasthan for school uniforms, sizes and orders." },
];

export default function Contact() {
  return (
    <article className="prose">
      <h1>Contact</h1>
      <ContactAddress className="contact-block" contact={useShopContact()} />
    </article>
  );
}
