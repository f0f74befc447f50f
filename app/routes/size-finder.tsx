import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { SizeFinderForm } from "../components/SizeGuide";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { sizeFinderPage } from "../sizes/size-finder.server";
import { sizeReasonText } from "../sizes/words";
import { UniformChoice } from "../components/KitParts";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("sizes:finder.pageTitle") }, { name: "description", content: t("sizes:finder.intro") }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, status } = await sizeFinderPage(context.shop, request, languageOf(request));
  return data({ page, messages: routeMessages(request, "sizes", "children") }, { status });
}

export default function SizeFinder() {
  const { page } = useLoaderData<typeof loader>();
  const t = useT();
  const school = (
    <p>
      <label htmlFor="finder-school">{t("sizes:finder.school")}</label>
      <select id="finder-school" name="school" defaultValue={page.school}>
        <option value="">{t("sizes:finder.anySchool")}</option>
        {page.schools.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.name}
          </option>
        ))}
      </select>
    </p>
  );
  // Where the school dresses boys and girls differently, which uniform: the answer then leaves out the other's items.
  const side = page.askSide ? <UniformChoice name="side" chosen={page.side} /> : null;
  return (
    <article className="size-finder-page">
      <h1 id="size-finder-title">{t("sizes:finder.title")}</h1>
      <p>{t("sizes:finder.intro")}</p>
      <SizeFinderForm
        finder={page}
        extra={
          <>
            {school}
            {side}
          </>
        }
      />
      {page.answers ? (
        <section aria-labelledby="size-answers" role="status">
          <h2 id="size-answers">{t("sizes:finder.result")}</h2>
          <TableScroll label={t("sizes:finder.result")}>
            <table className="size-answers">
              <thead>
                <tr>
                  <th scope="col">{t("sizes:finder.item")}</th>
                  <th scope="col">{t("sizes:finder.advice")}</th>
                  <th scope="col">{t("sizes:finder.why")}</th>
                </tr>
              </thead>
              <tbody>
                {page.answers.map((answer) => {
                  const name = answer.name ?? t(`sizes:kind.${answer.kind}`);
                  return (
                    <tr key={answer.href ?? answer.kind}>
                      <th scope="row">{answer.href ? <Link to={answer.href}>{name}</Link> : name}</th>
                      <td>{answer.advice.kind === "fits" ? <strong>{answer.advice.size}</strong> : t("sizes:finder.measureFirst")}</td>
                      <td>{sizeReasonText(t, answer.advice.reason)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          {page.askSide && !page.side ? <p className="hint">{t("sizes:finder.sideHint")}</p> : null}
          {page.kitHref ? (
            <p>
              <a href={page.kitHref} className="button secondary">
                {t("sizes:finder.addKit")}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
