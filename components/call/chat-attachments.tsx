"use client";

import { Paperclip } from "lucide-react";

const kb = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// One object URL per file for the page's life: a call carries few attachments, and revoking on
// unmount would break an image that re-mounts (the panel closing and opening).
const objectUrls = new WeakMap<File, string>();
function objectUrl(file: File): string {
  let url = objectUrls.get(file);
  if (!url) {
    url = URL.createObjectURL(file);
    objectUrls.set(file, url);
  }
  return url;
}

function ImageAttachment({ file }: { file: File }) {
  const url = objectUrl(file);
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="block rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {/* A local blob: next/image has nothing to optimise; images show at up to 300 x 300 px. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={url}
        alt={file.name}
        className="block h-auto max-h-[300px] w-auto max-w-[min(300px,100%)] rounded-lg border object-contain"
      />
    </a>
  );
}

function FileAttachment({ file }: { file: File }) {
  const url = objectUrl(file);
  return (
    <a
      href={url}
      download={file.name}
      className="inline-flex max-w-full items-center gap-1.5 rounded-lg border bg-background px-2 py-1 text-xs text-foreground underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Paperclip aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{file.name}</span>
      <span className="shrink-0 text-muted-foreground">{kb(file.size)}</span>
    </a>
  );
}

/** The files a chat message carries: images inline, anything else as a download link. */
export function ChatAttachments({ files }: { files: File[] }) {
  return (
    <ul aria-label="Attachments" className="flex max-w-[85%] flex-col gap-1">
      {files.map((file, i) => (
        <li key={`${file.name}-${i}`}>
          {file.type.startsWith("image/") ? <ImageAttachment file={file} /> : <FileAttachment file={file} />}
        </li>
      ))}
    </ul>
  );
}
