import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { COLOUR_PARTS } from "../../domain/photos/colours";
import { schoolDrawingUrl } from "../../domain/photos/drawings";
import { SCHOOL_COLOURS_FORM_OPTIONS, SCHOOL_COLOUR_INTENTS, schoolColoursForm } from "../../domain/forms/school-colours";
import { SCHOOLS, findSchool } from "../../domain/schools";
import { requirePermission } from "../admin/guard.server";
import { photoActor } from "../admin/photos.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("photos:colours.metaTitle") }];

/** The drawings shown beside a school's colours: one for each colour. */
const PREVIEW = ["shirt", "pant", "tie"] as const;

/**
 * Each school's colours, the drawings' colours until there are photos (decision 140): three colour
 * inputs per school and a button back to the starting colours. Plain forms, JS on or off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const url = new URL(request.url);
  const saved = findSchool(url.searchParams.get("school") ?? "")?.slug ?? null;
  const done = [...SCHOOL_COLOUR_INTENTS, "none"].find((d) => d === url.searchParams.get("saved")) ?? null;
  const schools = await Promise.all(
    SCHOOLS.map(async (school) => {
      const { colours, own } = await context.shop.schoolColours.onFile(school.slug);
      return { slug: school.slug, name: school.name, colours, own, previews: PREVIEW.map((kind) => schoolDrawingUrl(kind, colours)) };
    }),
  );
  return { schools, saved, done, messages: routeMessages(request, "photos", "admin") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, schoolColoursForm, SCHOOL_COLOURS_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const { school, intent, shirt, bottom, accent } = form.value;
  try {
    const result =
      intent === "reset"
        ? await context.shop.schoolColours.reset(school, photoActor(admin))
        : await context.shop.schoolColours.set(school, { shirt, bottom, accent }, photoActor(admin));
    return redirect(`/admin/photos/colours?school=${encodeURIComponent(school)}&saved=${result.changed ? intent : "none"}#colours-${school}`);
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
}

export default function AdminSchoolColours() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <section className="admin-photos" aria-labelledby="admin-colours-title">
      <h1 id="admin-colours-title">{t("photos:colours.heading")}</h1>
      <p>{t("photos:colours.intro")}</p>
      <p>
        <Link to="/admin/photos">{t("photos:back")}</Link>
      </p>
      <FormMessage result={result} />
      {page.schools.map((school) => (
        <details key={school.slug} id={`colours-${school.slug}`} open={school.slug === page.saved || undefined}>
          <summary>
            {school.name}
            {school.own ? ` · ${t("photos:colours.own")}` : ""}
          </summary>
          {school.slug === page.saved && page.done && !result ? (
            <p className="notice" role="status">
              {t(`photos:colours.saved.${page.done}`)}
            </p>
          ) : null}
          <Form method="post" className="school-colours">
            <input type="hidden" name="school" value={school.slug} />
            {COLOUR_PARTS.map((part) => (
              <p key={part}>
                <label htmlFor={`colour-${school.slug}-${part}`}>{t(`photos:colours.part.${part}`)}</label>{" "}
                <input id={`colour-${school.slug}-${part}`} type="color" name={part} defaultValue={school.colours[part]} />
              </p>
            ))}
            <button type="submit" name="intent" value="set">
              {t("photos:colours.save")}
            </button>{" "}
            {school.own ? (
              <button type="submit" name="intent" value="reset" className="button secondary">
                {t("photos:colours.reset")}
              </button>
            ) : null}
          </Form>
          <p className="colour-previews">
            {school.previews.map((src, i) => (
              <img key={src} src={src} alt={t(`photos:colours.preview.${PREVIEW[i]}`, { school: school.name })} width="80" height="80" loading="lazy" />
            ))}
          </p>
        </details>
      ))}
    </section>
  );
}
