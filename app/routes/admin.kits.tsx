import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CLASSES } from "../../domain/children/children";
import { isRuleViolation } from "../../domain/errors";
import { ADMIN_KIT_FORM_LIMITS, adminKitForm, kitOfForm } from "../../domain/forms/kits";
import { KIT_FOR, type Kit } from "../../domain/kits/kits";
import { SCHOOLS, findSchool } from "../../domain/schools";
import { nameIn } from "../../domain/catalogue-words";
import { requirePermission } from "../admin/guard.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage, refusalOf } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("kits:admin.metaTitle") }];

const SAVED = ["set", "removed", "unchanged"] as const;

/** One school's class kits (decision 134): each as a form of counts, and a form for other classes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const school = findSchool(url.searchParams.get("school") ?? "") ?? SCHOOLS[0];
  const kits = await context.shop.kits.of(school.slug);
  // A school with no events of its own still has the kit its item list gives.
  const started = await context.shop.kits.fromItemList(school.slug);
  const saved = url.searchParams.get("saved");
  return {
    schools: SCHOOLS.map((s) => ({ slug: s.slug, name: s.name })),
    school: { slug: school.slug, name: school.name },
    items: school.items.map((item) => ({ slug: item.slug, name: nameIn(lang, item) })),
    kits,
    started,
    classes: [...CLASSES],
    sides: [...KIT_FOR],
    saved: SAVED.find((s) => s === saved) ?? null,
    messages: routeMessages(request, "kits"),
    refusals: refusalTable(request, "kits"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, adminKitForm, ADMIN_KIT_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const value = form.value;
  try {
    const done =
      value.intent === "set"
        ? await context.shop.kits.set(value.school, kitOfForm(value), me.name)
        : await context.shop.kits.remove(value.school, { from: value.from, to: value.to, side: value.side }, me.name);
    const saved = !done.changed ? "unchanged" : value.intent === "set" ? "set" : "removed";
    return redirect(`/admin/kits?school=${encodeURIComponent(value.school)}&saved=${saved}`);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
    throw err;
  }
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

function KitForm({ page, kit, adding }: { page: Page; kit: Kit; adding?: boolean }) {
  const t = useT();
  const count = (item: string) => kit.items.find((i) => i.item === item)?.count ?? 0;
  const title = adding ? t("kits:admin.addTitle") : t("kits:admin.kitTitle", { from: kit.from, to: kit.to, side: t(`kits:admin.side.${kit.side}`) });
  const key = `${kit.from}-${kit.to}-${kit.side}${adding ? "-new" : ""}`;
  return (
    <section className="admin-kit" aria-label={title} data-kit={adding ? "new" : `${kit.from}-${kit.to}-${kit.side}`}>
      <h2>{title}</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="set" />
        <input type="hidden" name="school" value={page.school.slug} />
        {adding ? (
          <p>
            <label htmlFor={`${key}-from`}>{t("kits:admin.from")}</label>{" "}
            <select id={`${key}-from`} name="from" defaultValue="1">
              {page.classes.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>{" "}
            <label htmlFor={`${key}-to`}>{t("kits:admin.to")}</label>{" "}
            <select id={`${key}-to`} name="to" defaultValue="5">
              {page.classes.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>{" "}
            <label htmlFor={`${key}-side`}>{t("kits:admin.uniform")}</label>{" "}
            <select id={`${key}-side`} name="side" defaultValue="all">
              {page.sides.map((s) => (
                <option key={s} value={s}>
                  {t(`kits:admin.side.${s}`)}
                </option>
              ))}
            </select>
          </p>
        ) : (
          <>
            <input type="hidden" name="from" value={kit.from} />
            <input type="hidden" name="to" value={kit.to} />
            <input type="hidden" name="side" value={kit.side} />
          </>
        )}
        <ul className="admin-kit-items">
          {page.items.map((item) => (
            <li key={item.slug}>
              <label htmlFor={`${key}-${item.slug}`}>{t("kits:admin.countOf", { item: item.name })}</label>{" "}
              <input id={`${key}-${item.slug}`} name={`count_${item.slug}`} type="number" min={0} max={9} inputMode="numeric" defaultValue={count(item.slug)} className="kit-count" />
            </li>
          ))}
        </ul>
        <button type="submit" className="primary">
          {t("kits:admin.save")}
        </button>
      </Form>
      {adding ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="school" value={page.school.slug} />
          <input type="hidden" name="from" value={kit.from} />
          <input type="hidden" name="to" value={kit.to} />
          <input type="hidden" name="side" value={kit.side} />
          <button type="submit" className="secondary small">
            {t("kits:admin.remove")}
          </button>
        </Form>
      )}
    </section>
  );
}

export default function AdminKits() {
  const page = useLoaderData<typeof loader>();
  const result = refusalOf(useActionData<typeof action>());
  const t = useT();
  return (
    <section className="admin-kits" aria-labelledby="kits-title">
      <h1 id="kits-title">{t("kits:admin.title")}</h1>
      <p>{t("kits:admin.intro")}</p>
      <Form method="get">
        <label htmlFor="kits-school">{t("kits:admin.school")}</label>{" "}
        <select id="kits-school" name="school" defaultValue={page.school.slug}>
          {page.schools.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>{" "}
        <button type="submit" className="secondary">
          {t("kits:admin.show")}
        </button>
      </Form>
      {page.saved && !result ? (
        <p className="notice" role="status">
          {t(`kits:admin.saved.${page.saved}`)}
        </p>
      ) : null}
      <FormMessage result={result} />
      {page.started ? <p className="hint">{t("kits:admin.started")}</p> : null}
      {page.kits.length === 0 ? <p>{t("kits:admin.none")}</p> : null}
      {page.kits.map((kit) => (
        <KitForm key={`${kit.from}-${kit.to}-${kit.side}`} page={page} kit={kit} />
      ))}
      <KitForm page={page} kit={{ from: "1", to: "5", side: "all", items: [] }} adding />
    </section>
  );
}
