import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SCHOOLS, searchSchools } from "../../domain/schools";
import { schoolLogo } from "../images.server";

export const meta: MetaFunction = () => [
  { title: "Schools | Uniforms for every school in Churu" },
  { name: "description", content: "Find your school and order its complete uniform: shirts, pants, tunics, skirts, ties, belts and socks." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const logos: Record<string, string> = {};
  for (const school of SCHOOLS) {
    const logo = school.logo ? schoolLogo(school.slug) : null;
    if (logo) logos[school.slug] = logo;
  }
  return { q, logos };
}

export default function Schools() {
  const { q, logos } = useLoaderData<typeof loader>();
  // With JS the list follows the box as you type; without it the form's GET does the same on the server.
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);
  const schools = searchSchools(query);

  return (
    <>
      <h1>Find your school</h1>
      <Form method="get" role="search" className="school-search" preventScrollReset>
        <label htmlFor="school-q">Search schools</label>
        <div className="search-row">
          <input
            id="school-q"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. St Xaviers"
            autoComplete="off"
            aria-controls="school-list"
          />
          <button type="submit" className="primary">
            Search
          </button>
        </div>
      </Form>
      <p className="result-count" aria-live="polite">
        {schools.length === 1 ? "1 school" : `${schools.length} schools`}
      </p>
      {schools.length === 0 ? (
        <p className="empty">No schools match “{query}”. Try fewer letters, or call us and we will add yours.</p>
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
                <Link to={`/schools/${school.slug}`}>{school.name}</Link>
              </h2>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
