import type { Language } from "../../domain/i18n";
import type { PhotoActor, PhotoOwner } from "../../domain/photos/events";
import { photoOwnerKey } from "../../domain/photos/events";
import { SCHOOLS, findSchool, findSchoolItem } from "../../domain/schools";
import { SHELF_PHOTO_KINDS, findShelfPhotoItem, shelfPhotoItems } from "../../domain/photos/shelf-items";
import { nameIn, type Named } from "../../domain/catalogue-words";
import type { PhotoRow } from "../../services/photos";
import type { Admin } from "../auth/session.server";
import { photoUrl } from "../photos.server";

/** The signed-in admin as a photo's events name who changed it. */
export function photoActor(admin: Admin): PhotoActor {
  return { kind: "admin", id: admin.id, name: admin.name || admin.email || "Admin" };
}

/** What the page calls the thing pictured, in the page's language; undefined when there is no such thing. */
export function ownerName(
  owner: PhotoOwner,
  lang: Language,
  t: (key: string, values?: Record<string, string>) => string,
  product?: Named,
): string | undefined {
  if (owner.kind === "product") return product ? nameIn(lang, product) : undefined;
  if (owner.kind === "logo") {
    const school = findSchool(owner.school);
    return school ? t("photos:logoOf", { school: school.name }) : undefined;
  }
  if (owner.kind === "shelf") {
    const item = findShelfPhotoItem(owner.item);
    return item ? nameIn(lang, item) : undefined;
  }
  const found = findSchoolItem(owner.school, owner.item);
  if (!found) return undefined;
  return t("photos:itemOf", { item: lang === "hi" ? found.item.nameHi : found.item.name, school: found.school.name });
}

export interface AdminPhotoRow {
  photoId: string;
  number: number;
  main: boolean;
  status: PhotoRow["status"];
  /** The smallest JPEG, for the list; none until processed. */
  thumbnail: string | null;
  first: boolean;
  last: boolean;
}

/** An owner's photos as the admin page lists them. */
export function adminPhotoRows(rows: readonly PhotoRow[]): AdminPhotoRow[] {
  return rows.map((row, index) => {
    const jpeg = row.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];
    return {
      photoId: row.photoId,
      number: index + 1,
      main: row.main,
      status: row.status,
      thumbnail: jpeg ? photoUrl(jpeg) : null,
      first: index === 0,
      last: index === rows.length - 1,
    };
  });
}

/** The photo index: each school's logo and items, by owner key. */
export function schoolPhotoLinks(lang: Language) {
  return SCHOOLS.map((school) => ({
    name: school.name,
    logo: photoOwnerKey({ kind: "logo", school: school.slug }),
    items: school.items.map((item) => ({
      name: lang === "hi" ? item.nameHi : item.name,
      owner: photoOwnerKey({ kind: "item", school: school.slug, item: item.slug }),
    })),
  }));
}

/** The photo index's shelves (decision 146): the white uniforms and each accessory shelf, with their items by owner key. */
export function shelfPhotoLinks(lang: Language) {
  const items = shelfPhotoItems();
  return SHELF_PHOTO_KINDS.map((kind) => ({
    kind,
    items: items
      .filter((item) => item.kind === kind)
      .map((item) => ({ name: nameIn(lang, item), owner: photoOwnerKey({ kind: "shelf", item: item.id }) })),
  }));
}
