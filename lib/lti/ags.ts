import "server-only";

import { getDb } from "@/db";
import { findScoreSendTarget, forgetLineItemUrl, storeLineItemUrl } from "@/db/queries/lti-services";
import type { LtiScoreSend } from "@/db/schema";

import { PlatformError, SCOPES, serviceFetch, type TokenPlatform } from "./token";

/*
 * Assignment and Grade Services 2.0: one line item per course link (the gradebook column), scores posted
 * to `{line item}/scores`. A line item made by the LMS from deep linking carries resourceId = our link's id.
 */
const LINE_ITEM = "application/vnd.ims.lis.v2.lineitem+json";
const LINE_ITEMS = "application/vnd.ims.lis.v2.lineitemcontainer+json";
const SCORE = "application/vnd.ims.lis.v1.score+json";

type LineItem = { id?: unknown; resourceId?: unknown; resourceLinkId?: unknown; tag?: unknown };
type Target = NonNullable<Awaited<ReturnType<typeof findScoreSendTarget>>>;

/** A service URL with `/suffix` added to its path (line item URLs may carry a query, as Moodle's do). */
function withPath(url: string, suffix: string): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/?$/, `/${suffix}`);
  return u.toString();
}

function withQuery(url: string, query: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
}

async function findLineItem(platform: TokenPlatform, lineItemsUrl: string, target: Target): Promise<string | null> {
  const searches: Record<string, string>[] = [{ resource_id: target.link.id }];
  if (target.link.resource_link_id) searches.push({ resource_link_id: target.link.resource_link_id });
  for (const query of searches) {
    const res = await serviceFetch(
      platform,
      [SCOPES.lineItem],
      withQuery(lineItemsUrl, query),
      { method: "GET", headers: { accept: LINE_ITEMS } },
      "line items",
    );
    const items = (await res.json().catch(() => [])) as LineItem[];
    // A platform that ignores the filter answers every line item: match ourselves.
    const match = (Array.isArray(items) ? items : []).find(
      (i) =>
        typeof i.id === "string" &&
        (query.resource_id ? i.resourceId === query.resource_id : i.resourceLinkId === query.resource_link_id),
    );
    if (match) return match.id as string;
  }
  return null;
}

async function createLineItem(platform: TokenPlatform, lineItemsUrl: string, target: Target): Promise<string> {
  const res = await serviceFetch(
    platform,
    [SCOPES.lineItem],
    lineItemsUrl,
    {
      method: "POST",
      headers: { "content-type": LINE_ITEM, accept: LINE_ITEM },
      body: JSON.stringify({
        scoreMaximum: 100,
        label: target.label ?? "Parley roleplay",
        resourceId: target.link.id,
        tag: "parley",
        ...(target.link.resource_link_id ? { resourceLinkId: target.link.resource_link_id } : {}),
        ...(target.due_at ? { endDateTime: target.due_at.toISOString() } : {}),
      }),
    },
    "create line item",
  );
  const item = (await res.json().catch(() => null)) as LineItem | null;
  if (typeof item?.id !== "string") throw new PlatformError("create line item: the answer has no id", true);
  return item.id;
}

/**
 * The link's line item: the one stored, else the one the LMS made from deep linking (found by resourceId or
 * resource link id), else a new one. Two instances racing keep the first stored; the loser deletes its own.
 */
async function ensureLineItem(target: Target): Promise<string> {
  if (target.link.line_item_url) return target.link.line_item_url;
  if (!target.lineitems_url)
    throw new PlatformError("the course has no line items service: enable grades (AGS) for Parley in the LMS", false);
  const platform = target.platform;
  const found = await findLineItem(platform, target.lineitems_url, target);
  const url = found ?? (await createLineItem(platform, target.lineitems_url, target));
  const stored = await storeLineItemUrl(await getDb(), { linkId: target.link.id, url });
  if (stored && stored !== url && !found) {
    await serviceFetch(platform, [SCOPES.lineItem], url, { method: "DELETE" }, "delete line item").catch(
      () => undefined,
    );
  }
  return stored ?? url;
}

/** The score as AGS 2.0 wants it; the same row always gives the same body (a retry repeats, never adds). */
function scoreBody(row: LtiScoreSend) {
  return {
    userId: row.lti_sub,
    ...(row.score_given === null ? {} : { scoreGiven: row.score_given, scoreMaximum: row.score_maximum }),
    ...(row.comment ? { comment: row.comment } : {}),
    activityProgress: row.activity_progress,
    gradingProgress: row.grading_progress,
    timestamp: row.score_timestamp.toISOString(),
  };
}

/** Posts one queued score to its line item. Throws a PlatformError that says whether a retry can help. */
export async function postScore(row: LtiScoreSend): Promise<void> {
  const target = await findScoreSendTarget(await getDb(), row.resource_link_id);
  if (!target) throw new PlatformError("the course link no longer exists", false);
  const lineItem = await ensureLineItem(target);
  try {
    await serviceFetch(
      target.platform,
      [SCOPES.score],
      withPath(lineItem, "scores"),
      { method: "POST", headers: { "content-type": SCORE }, body: JSON.stringify(scoreBody(row)) },
      "score",
    );
  } catch (err) {
    // The gradebook column was deleted in the LMS: forget it, and the retry finds or makes another.
    if (!(err instanceof PlatformError) || err.status !== 404) throw err;
    await forgetLineItemUrl(await getDb(), { linkId: target.link.id, url: lineItem });
    throw new PlatformError(`${err.message}: the line item is gone, a new one will be used`, true, 404);
  }
}
