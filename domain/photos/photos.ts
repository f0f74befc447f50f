// The photos of one thing pictured as a decider (decision 139): which photos it has, in the
// order the owner set, which one is the main, and which are still being processed. A logo is
// one picture: a new one takes the old one's place.
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import type { PhotoKind } from "./sniff";
import { type PhotoActor, type PhotoEvent, type PhotoOwner, type PhotoVariant } from "./events";

/** Photos one product or item may have: enough for every side of a uniform, few enough to check by eye. */
export const MAX_PHOTOS = 8;

export type PhotoStatus = "processing" | "ready" | "failed";

export interface PhotoEntry {
  photoId: string;
  status: PhotoStatus;
  width: number;
  height: number;
  variants: PhotoVariant[];
}

export interface PhotosState {
  owner: PhotoOwner | null;
  /** In the owner's order; the main photo is `main`, wherever it stands. */
  photos: PhotoEntry[];
  main: string | null;
}

export const initialPhotosState = (): PhotosState => ({ owner: null, photos: [], main: null });

export type PhotoCommand =
  | { type: "Upload"; owner: PhotoOwner; photoId: string; original: string; kind: PhotoKind; width: number; height: number; actor: PhotoActor; at: string }
  | { type: "MarkProcessed"; photoId: string; width: number; height: number; variants: PhotoVariant[]; at: string }
  | { type: "MarkFailed"; photoId: string; reason: string; at: string }
  | { type: "MakeMain"; photoId: string; actor: PhotoActor; at: string }
  | { type: "Move"; photoId: string; by: -1 | 1; actor: PhotoActor; at: string }
  | { type: "Delete"; photoId: string; actor: PhotoActor; at: string };

function evolve(state: PhotosState, event: PhotoEvent): PhotosState {
  switch (event.type) {
    case "PhotoUploaded": {
      const entry: PhotoEntry = { photoId: event.data.photoId, status: "processing", width: event.data.width, height: event.data.height, variants: [] };
      return { owner: event.data.owner, photos: [...state.photos, entry], main: state.main ?? event.data.photoId };
    }
    case "PhotoProcessed": {
      const { photoId, width, height, variants } = event.data;
      return { ...state, photos: state.photos.map((p) => (p.photoId === photoId ? { ...p, status: "ready", width, height, variants } : p)) };
    }
    case "PhotoFailed":
      return { ...state, photos: state.photos.map((p) => (p.photoId === event.data.photoId ? { ...p, status: "failed" } : p)) };
    case "PhotoMadeMain":
      return { ...state, main: event.data.photoId };
    case "PhotosReordered": {
      const byId = new Map(state.photos.map((p) => [p.photoId, p]));
      return { ...state, photos: event.data.order.flatMap((id) => byId.get(id) ?? []) };
    }
    case "PhotoDeleted": {
      const photos = state.photos.filter((p) => p.photoId !== event.data.photoId);
      const main = state.main === event.data.photoId ? (photos[0]?.photoId ?? null) : state.main;
      return { ...state, photos, main };
    }
  }
}

function known(state: PhotosState, photoId: string): PhotoEntry {
  const photo = state.photos.find((p) => p.photoId === photoId);
  if (!photo) throw new RuleViolation("photos.notFound", {}, 404);
  return photo;
}

function decide(command: PhotoCommand, state: PhotosState): PhotoEvent[] {
  switch (command.type) {
    case "Upload": {
      const { type: _type, ...data } = command;
      if (state.photos.some((p) => p.photoId === command.photoId)) return [];
      // A logo is one picture: the new one replaces the old, which is deleted in the same append.
      if (command.owner.kind === "logo") {
        const replaced = state.photos.map((p): PhotoEvent => ({ type: "PhotoDeleted", data: { photoId: p.photoId, actor: command.actor, at: command.at } }));
        return [...replaced, { type: "PhotoUploaded", data }];
      }
      if (state.photos.length >= MAX_PHOTOS) throw new RuleViolation("photos.tooMany", { max: MAX_PHOTOS }, 409);
      return [{ type: "PhotoUploaded", data }];
    }
    case "MarkProcessed": {
      const photo = state.photos.find((p) => p.photoId === command.photoId);
      // Deleted while it was processed, or processed already (a job run twice): nothing to record.
      if (!photo || photo.status !== "processing") return [];
      const { type: _type, ...data } = command;
      return [{ type: "PhotoProcessed", data }];
    }
    case "MarkFailed": {
      const photo = state.photos.find((p) => p.photoId === command.photoId);
      if (!photo || photo.status !== "processing") return [];
      return [{ type: "PhotoFailed", data: { photoId: command.photoId, reason: command.reason.slice(0, 500), at: command.at } }];
    }
    case "MakeMain": {
      const photo = known(state, command.photoId);
      if (photo.status === "failed") throw new RuleViolation("photos.failedCannotBeMain", {}, 409);
      if (state.main === command.photoId) return [];
      return [{ type: "PhotoMadeMain", data: { photoId: command.photoId, actor: command.actor, at: command.at } }];
    }
    case "Move": {
      known(state, command.photoId);
      const order = state.photos.map((p) => p.photoId);
      const from = order.indexOf(command.photoId);
      const to = from + command.by;
      if (to < 0 || to >= order.length) return [];
      [order[from], order[to]] = [order[to], order[from]];
      return [{ type: "PhotosReordered", data: { order, actor: command.actor, at: command.at } }];
    }
    case "Delete":
      known(state, command.photoId);
      return [{ type: "PhotoDeleted", data: { photoId: command.photoId, actor: command.actor, at: command.at } }];
  }
}

export const photosDecider: Decider<PhotosState, PhotoCommand, PhotoEvent> = { initialState: initialPhotosState, evolve, decide };
