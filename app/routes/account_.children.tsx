import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { requireShopper } from "../auth/session.server";
import { childrenAction, childrenPage, type ChildView } from "../children/children-page.server";
import { FormMessage, refusalOf } from "../forms/messages";
import { UniformChoice } from "../components/KitParts";
import { metaT, useT } from "../i18n/I18n";
import accountStyles from "../styles/account.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("children:metaTitle") }];

/** The children on the account (decision 133): the list, an add form, an edit form for `?edit=`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  return childrenPage(context.shop, request, shopper);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  return childrenAction(context.shop, request, shopper);
}

type Choices = { schools: { slug: string; name: string }[]; classes: string[] };

/** The fields of a child, empty for a new one or filled with what the parent gave. */
function ChildFields({ prefix, values, choices }: { prefix: string; values: Record<string, string>; choices: Choices }) {
  const t = useT();
  const id = (name: string) => `${prefix}-${name}`;
  const figure = (name: string, label: string, hint?: string) => (
    <p>
      <label htmlFor={id(name)}>{label}</label>
      <input id={id(name)} name={name} inputMode="decimal" pattern="[0-9]{1,3}([.,][0-9])?" defaultValue={values[name] ?? ""} aria-describedby={hint ? id(`${name}-hint`) : undefined} />
      {hint ? (
        <span className="hint" id={id(`${name}-hint`)}>
          {hint}
        </span>
      ) : null}
    </p>
  );
  return (
    <>
      <p>
        <label htmlFor={id("name")}>{t("children:name")}</label>
        <input id={id("name")} name="name" required maxLength={30} autoComplete="off" defaultValue={values.name ?? ""} aria-describedby={id("name-hint")} />
        <span className="hint" id={id("name-hint")}>
          {t("children:nameHint")}
        </span>
      </p>
      <p>
        <label htmlFor={id("school")}>{t("children:school")}</label>
        <select id={id("school")} name="school" required defaultValue={values.school ?? ""}>
          <option value="">{t("children:chooseSchool")}</option>
          {choices.schools.map((school) => (
            <option key={school.slug} value={school.slug}>
              {school.name}
            </option>
          ))}
        </select>
      </p>
      <p>
        <label htmlFor={id("className")}>{t("children:className")}</label>
        <select id={id("className")} name="className" required defaultValue={values.className ?? ""}>
          <option value="">{t("children:chooseClass")}</option>
          {choices.classes.map((name) => (
            <option key={name} value={name}>
              {t("children:classOption", { name })}
            </option>
          ))}
        </select>
      </p>
      <UniformChoice name="kit" chosen={values.kit} />
      <p className="hint">{t("children:kitHint")}</p>
      <fieldset>
        <legend>{t("children:measurements")}</legend>
        <p className="hint">{t("children:measurementsHint")}</p>
        {figure("age", t("children:age"))}
        {figure("height", t("children:height"))}
        <p>
          <label htmlFor={id("unit")}>{t("children:unit")}</label>
          <select id={id("unit")} name="unit" defaultValue={values.unit ?? "in"}>
            <option value="in">{t("children:inches")}</option>
            <option value="cm">{t("children:centimetres")}</option>
          </select>
        </p>
        {figure("chest", t("children:chest"))}
        {figure("waist", t("children:waist"))}
        {figure("hip", t("children:hip"))}
        {figure("insideLeg", t("children:insideLeg"))}
        {figure("foot", t("children:foot"))}
      </fieldset>
      <fieldset>
        <legend>{t("children:knownSizes")}</legend>
        <p className="hint">{t("children:knownSizesHint")}</p>
        {(["sizeShirt", "sizePant", "sizeSkirt", "sizeTunik"] as const).map((name) => (
          <p key={name}>
            <label htmlFor={id(name)}>{t(`children:${name}`)}</label>
            <input id={id(name)} name={name} maxLength={12} autoComplete="off" defaultValue={values[name] ?? ""} />
          </p>
        ))}
      </fieldset>
    </>
  );
}

function ChildRow({ child, editing, choices }: { child: ChildView; editing: boolean; choices: Choices }) {
  const t = useT();
  return (
    <li className="child-card" data-child={child.name}>
      <h3>{child.name}</h3>
      <p>
        {t("children:summary", { school: child.schoolName, className: child.className })}
        {child.kit ? ` · ${t(`children:kitSide.${child.kit}`)}` : null}
      </p>
      <p className="child-actions">
        <Link to={`/schools/${child.schoolSlug}/kit?child=${child.id}`}>{t("children:buyKit", { name: child.name })}</Link>
        {" · "}
        <Link to={`/account/children?edit=${child.id}#edit-${child.id}`}>{t("children:edit", { name: child.name })}</Link>
      </p>
      {editing ? (
        <Form method="post" className="child-form" id={`edit-${child.id}`} aria-label={t("children:editTitle", { name: child.name })}>
          <h4>{t("children:editTitle", { name: child.name })}</h4>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="childId" value={child.id} />
          <ChildFields prefix={`child-${child.id}`} values={child.form} choices={choices} />
          <button type="submit" className="primary">
            {t("children:save")}
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="childId" value={child.id} />
        <button type="submit" className="secondary small">
          {t("children:remove", { name: child.name })}
        </button>
      </Form>
    </li>
  );
}

export default function AccountChildren() {
  const { children, editing, saved, max, schools, classes } = useLoaderData<typeof loader>();
  const result = refusalOf(useActionData<typeof action>());
  const t = useT();
  const choices = { schools, classes };
  return (
    <section className="account-children" aria-labelledby="children-title">
      <p>
        <Link to="/account">{t("children:backToAccount")}</Link>
      </p>
      <h1 id="children-title">{t("children:title")}</h1>
      <p>{t("children:intro", { max })}</p>
      <p className="hint">{t("children:privacy")}</p>
      {saved && !result ? (
        <p className="notice" role="status">
          {t(`children:saved.${saved}`)}
        </p>
      ) : null}
      <FormMessage result={result} />
      {children.length === 0 ? (
        <p>{t("children:none")}</p>
      ) : (
        <ul className="child-list">
          {children.map((child) => (
            <ChildRow key={child.id} child={child} editing={editing === child.id} choices={choices} />
          ))}
        </ul>
      )}
      {children.length < max ? (
        <Form method="post" className="child-form" aria-labelledby="child-add-title">
          <h2 id="child-add-title">{t("children:addTitle")}</h2>
          <input type="hidden" name="intent" value="add" />
          <ChildFields prefix="child-new" values={{}} choices={choices} />
          <button type="submit" className="primary">
            {t("children:add")}
          </button>
        </Form>
      ) : (
        <p>{t("children:full", { max })}</p>
      )}
    </section>
  );
}
