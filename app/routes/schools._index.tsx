import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SCHOOLS, searchSchools } from "../../domain/schools";
import { schoolLogo } from "../images.server";
import { schoolInitials } from "../../domain/photos/initials";
import { drawingPicture, photoPicture, type PictureView } from "../photos.server";
import { Picture } from "../components/Picture";
import { metaT, useLanguage, useT } from "../i18n/I18n";
import { schoolNameIn } from "../../domain/catalogue-words";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("schools:list.meta.title") },
    { name: "description", content: t("schools:list.meta.description") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  // The owner's logo photo first (decision 139), then a logo file under public/; without either, the initials.
  const photos = await context.shop.photos.mainPhotos(SCHOOLS.map((school) => ({ kind: "logo" as const, school: school.slug })));
  const logos: Record<string, PictureView> = {};
  for (const school of SCHOOLS) {
    const photo = photos.get(`logo.${school.slug}`);
    const file = school.logo ? schoolLogo(school.slug) : null;
    const logo = (photo && photoPicture(photo, LOGO_SIZE)) ?? (file ? drawingPicture(file, LOGO_SIZE) : null);
    if (logo) logos[school.slug] = logo;
  }
  return { q, logos, messages: routeMessages(request, "schools") };
}

/** A logo's width on the card, in CSS pixels. */
const LOGO_SIZE = 80;

export default function Schools() {
  const { q, logos } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLanguage();
  // With JS the list follows the box as you type; without it the form's GET does the same on the server.
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);
  const schools = searchSchools(query);

  return (
    <>
      <h1>{t("schools:list.title")}</h1>
      <Form method="get" role="search" className="school-search" preventScrollReset>
        <label htmlFor="school-q">{t("schools:list.searchLabel")}</label>
        <div className="search-row">
          <input
            id="school-q"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("schools:list.searchPlaceholder")}
            autoComplete="off"
            aria-controls="school-list"
          />
          <button type="submit" className="primary">
            {t("schools:list.search")}
          </button>
        </div>
      </Form>
      <p className="result-count" aria-live="polite">
        {t("schools:list.count", { count: schools.length })}
      </p>
      {schools.length === 0 ? (
        <p className="empty">{t("schools:list.none", { query })}</p>
      ) : (
        <ul className="grid school-grid" id="school-list">
          {schools.map((school) => (
            <li key={school.slug} className="card school-card">
              {logos[school.slug] ? (
                <Picture picture={logos[school.slug]} alt="" sizes={`${LOGO_SIZE}px`} className="school-logo" />
              ) : (
                <span className="school-initials" aria-hidden="true">
                  {schoolInitials(school.name)}
                </span>
              )}
              <h2 className="card-title">
                <Link to={`/schools/${school.slug}`}>{schoolNameIn(lang, school)}</Link>
              </h2>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
