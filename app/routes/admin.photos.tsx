import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { PHOTO_FORM_OPTIONS, PHOTO_INTENTS, type PhotoIntent } from "../../domain/forms/photos";
import { photoForm } from "../../domain/forms/photos";
import { parsePhotoOwnerKey, photoOwnerKey, type PhotoOwner } from "../../domain/photos/events";
import { MAX_PHOTO_BYTES } from "../../domain/photos/sniff";
import { requirePermission } from "../admin/guard.server";
import { adminPhotoRows, ownerName, photoActor, schoolPhotoLinks, shelfPhotoLinks } from "../admin/photos.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import type { Shop } from "../../services/index";

/** While a photo is processed the page asks again by itself, JS on or off: it is ready within seconds. */
const REFRESH_SECONDS = 3;

export const meta: MetaFunction<typeof loader> = ({ matches, data: page }) => {
  const t = metaT(matches);
  const title = page?.owner ? t("photos:metaTitle", { name: page.owner.name }) : t("photos:indexTitle");
  return page?.processing ? [{ title }, { httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : [{ title }];
};

async function nameOf(shop: Shop, owner: PhotoOwner, lang: ReturnType<typeof languageOf>): Promise<string | undefined> {
  const product = owner.kind === "product" ? await shop.products.get(owner.productId) : undefined;
  return ownerName(owner, lang, serverT(lang), product);
}

/**
 * The photos of one product, school item, school logo or shelf item (`?owner=`): upload, the main
 * photo, the order, delete; without `owner`, the shelves and schools to choose from (decisions 139, 146).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const messages = routeMessages(request, "photos", "admin");
  const ownerParam = url.searchParams.get("owner");
  if (!ownerParam) {
    return { owner: null, photos: [], processing: false, saved: null, shelves: shelfPhotoLinks(lang), schools: schoolPhotoLinks(lang), maxMb: 0, messages };
  }
  const owner = parsePhotoOwnerKey(ownerParam);
  const name = owner ? await nameOf(context.shop, owner, lang) : undefined;
  if (!owner || !name) throw data({ message: refusalText(lang, { key: "photos.noSuchOwner", values: {} }) }, { status: 404 });
  const rows = await context.shop.photos.list(owner);
  const saved = url.searchParams.get("saved");
  return {
    // A school's item or logo is drawn in its school's colours until there is a photo; a shelf item or product is not.
    owner: { key: photoOwnerKey(owner), name, logo: owner.kind === "logo", schoolColours: owner.kind === "item" || owner.kind === "logo" },
    photos: adminPhotoRows(rows),
    processing: rows.some((r) => r.status === "processing"),
    saved: [...PHOTO_INTENTS, "none"].find((s) => s === saved) ?? null,
    shelves: [],
    schools: [],
    maxMb: Math.floor(MAX_PHOTO_BYTES / 1024 / 1024),
    messages,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "catalogue");
  const form = await readPageForm(request, photoForm, PHOTO_FORM_OPTIONS);
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  const { intent, photoId } = form.value;
  const owner = parsePhotoOwnerKey(form.value.owner);
  if (!owner) return form.refuse(refusalText(lang, { key: "photos.noSuchOwner", values: {} }), 400);
  const actor = photoActor(admin);
  const back = (done: PhotoIntent | "none") => redirect(`/admin/photos?owner=${encodeURIComponent(photoOwnerKey(owner))}&saved=${done}`);
  try {
    if (intent === "upload") {
      if (form.photos.length === 0) return form.refuse(serverT(lang)("refusals:forms.noPhoto"), 422);
      const { changed, position } = await context.shop.photos.uploadAll(owner, form.photos, actor);
      // The page after the redirect lists the new photos ("Processing…"): the read model has them first.
      if (position) await context.shop.waitForReadModels(position);
      return back(changed ? "upload" : "none");
    }
    if (!photoId) return form.refuse(refusalText(lang, { key: "photos.notFound", values: {} }), 400);
    const result =
      intent === "main"
        ? await context.shop.photos.makeMain(owner, photoId, actor)
        : intent === "delete"
          ? await context.shop.photos.remove(owner, photoId, actor)
          : await context.shop.photos.move(owner, photoId, intent === "up" ? -1 : 1, actor);
    if (result.position) await context.shop.waitForReadModels(result.position);
    return back(result.changed ? intent : "none");
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(lang, err), refusalStatus(err.status));
  }
}

function PhotoChange({ owner, photoId, intent, label, disabled }: { owner: string; photoId: string; intent: PhotoIntent; label: string; disabled?: boolean }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="owner" value={owner} />
      <input type="hidden" name="photoId" value={photoId} />
      <button type="submit" name="intent" value={intent} className="button secondary" disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

/** One shelf's or school's things to photograph, folded until opened (a native disclosure: JS off too). */
function OwnerLinks({ title, owners }: { title: string; owners: readonly { owner: string; name: string }[] }) {
  return (
    <details>
      <summary>{title}</summary>
      <ul>
        {owners.map((item) => (
          <li key={item.owner}>
            <Link to={`/admin/photos?owner=${encodeURIComponent(item.owner)}`}>{item.name}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function AdminPhotos() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();

  if (!page.owner) {
    return (
      <section className="admin-photos" aria-labelledby="admin-photos-title">
        <h1 id="admin-photos-title">{t("photos:indexHeading")}</h1>
        <p>{t("photos:indexIntro")}</p>
        <p>
          <Link to="/admin/products">{t("photos:productsLink")}</Link>
        </p>
        <p>
          <Link to="/admin/photos/colours">{t("photos:coloursLink")}</Link>
        </p>
        <h2>{t("photos:shelvesHeading")}</h2>
        {page.shelves.map((shelf) => (
          <OwnerLinks key={shelf.kind} title={t(`photos:shelf.${shelf.kind}`)} owners={shelf.items} />
        ))}
        <h2>{t("photos:schoolsHeading")}</h2>
        {page.schools.map((school) => (
          <OwnerLinks key={school.logo} title={school.name} owners={[{ owner: school.logo, name: t("photos:logo") }, ...school.items]} />
        ))}
      </section>
    );
  }

  const { owner, photos } = page;
  return (
    <section className="admin-photos" aria-labelledby="admin-photos-title">
      <h1 id="admin-photos-title">{t("photos:title", { name: owner.name })}</h1>
      <p>
        <Link to="/admin/photos">{t("photos:back")}</Link>
      </p>
      {page.saved && !result ? (
        <p className="notice" role="status">
          {t(`photos:saved.${page.saved}`)}
        </p>
      ) : null}
      <FormMessage result={result} />

      <h2>{t("photos:upload")}</h2>
      <p>{t("photos:howTo", { max: page.maxMb })}</p>
      <Form method="post" encType="multipart/form-data" className="photo-upload">
        <input type="hidden" name="owner" value={owner.key} />
        <label htmlFor="photo-files">{owner.logo ? t("photos:chooseLogo") : t("photos:choose")}</label>
        <input id="photo-files" type="file" name="photo" accept="image/jpeg,image/png,image/webp" multiple={!owner.logo} required />
        <button type="submit" name="intent" value="upload">
          {t("photos:send")}
        </button>
      </Form>

      <h2>{t("photos:list")}</h2>
      {photos.length === 0 ? <p>{owner.schoolColours ? t("photos:none") : t("photos:noneDrawing")}</p> : null}
      {page.processing ? (
        <p role="status">
          {t("photos:processingHint")} <Link to={`/admin/photos?owner=${encodeURIComponent(owner.key)}`}>{t("photos:refresh")}</Link>
        </p>
      ) : null}
      <ol className="admin-photo-list">
        {photos.map((photo) => (
          <li key={photo.photoId} data-photo={photo.photoId} data-status={photo.status}>
            {photo.thumbnail ? (
              <img src={photo.thumbnail} alt={t("photos:photoNumber", { number: photo.number })} width="160" loading="lazy" />
            ) : null}
            <p>
              <strong>{t("photos:photoNumber", { number: photo.number })}</strong>
              {" · "}
              {photo.status === "processing" ? t("photos:processing") : photo.status === "ready" ? t("photos:ready") : t("photos:failed")}
              {photo.main ? ` · ${t("photos:main")}` : ""}
            </p>
            {!owner.logo && !photo.main && photo.status !== "failed" ? <PhotoChange owner={owner.key} photoId={photo.photoId} intent="main" label={t("photos:makeMain")} /> : null}
            {!owner.logo ? <PhotoChange owner={owner.key} photoId={photo.photoId} intent="up" label={t("photos:up")} disabled={photo.first} /> : null}
            {!owner.logo ? <PhotoChange owner={owner.key} photoId={photo.photoId} intent="down" label={t("photos:down")} disabled={photo.last} /> : null}
            <PhotoChange owner={owner.key} photoId={photo.photoId} intent="delete" label={t("photos:delete")} />
          </li>
        ))}
      </ol>
    </section>
  );
}
