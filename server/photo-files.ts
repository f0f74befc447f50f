import path from "node:path";
import express from "express";
import { SERVED_FILE } from "../services/photos";

const CONTENT_TYPES: Readonly<Record<string, string>> = { ".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg" };

/**
 * The photos' served files under /photos/ (decision 139): each is named by the hash of its
 * bytes, so it never changes, and a browser or a proxy may keep it for a year without asking
 * again. Only such names reach the disk; the originals (with their EXIF) live in another folder
 * and have no address at all.
 */
export function photoFiles(filesDir: string): express.RequestHandler {
  const serve = express.static(filesDir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    redirect: false,
    dotfiles: "deny",
    // Said outright: the static server's list of types does not know AVIF, and a browser told "nosniff" would refuse it.
    setHeaders: (res, file) => res.setHeader("Content-Type", CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream"),
  });
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!SERVED_FILE.test(name)) return next();
    // The file was written once and renamed into place (services/photos.ts writeOnce): served whole or not at all.
    return serve(req, res, next);
  };
}
