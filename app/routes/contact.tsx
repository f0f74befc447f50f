import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ContactAddress, useShopContact } from "../components/ContactAddress";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("pages:contact.metaTitle") }, { name: "description", content: t("pages:contact.metaDescription") }];
};

export function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "pages") };
}

export default function Contact() {
  const t = useT();
  return (
    <article className="prose">
      <h1>{t("pages:contact.title")}</h1>
      <ContactAddress className="contact-block" contact={useShopContact()} />
    </article>
  );
}
