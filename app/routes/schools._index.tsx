import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SCHOOLS, searchSchools } from "../../domain/schools";
import { schoolLogo } from "../images.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const logos: Record<string, string> = {};
  for (const school of SCHOOLS) {
    const logo = school.logo ? schoolLogo(school.slug) : null;
    if (logo) logos[school.slug] = logo;
  }
  return { q, logos, messages: routeMessages(request, "schools") };
}

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
                <img src={logos[school.slug]} alt="" width="80" height="80" />
              ) : (
                <svg className="cap" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
                  <path fill="currentColor" d="M12 3 1 9l11 6 9-4.9V17h2V9L12 3zm-7 9.2v4L12 20l7-3.8v-4L12 16l-7-3.8z" />
                </svg>
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
