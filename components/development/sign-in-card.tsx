import { pagesOf, type SignInCard as Card } from "@/lib/dev/sign-in-cards";

// A card is 89 x 60 mm: two columns and four rows fit the printable area of A4 (186 x 273 mm) and of
// Letter (192 x 255 mm) alike inside the sheet's 12 mm margins.
const PAGE_STYLE = "@page { size: auto; margin: 12mm; }";

function Field({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="grid items-baseline gap-x-2 sm:grid-cols-[5.5rem_1fr] print:grid-cols-[20mm_1fr]">
      <dt className="text-xs text-muted-foreground print:text-[8pt]">{label}</dt>
      <dd
        className={
          strong
            ? "font-mono text-lg font-semibold tracking-wider [overflow-wrap:anywhere] print:text-[14pt]"
            : "font-mono text-sm [overflow-wrap:anywhere] print:text-[9.5pt]"
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** One learner's card: who, where to sign in, the login and password, and what to do with them. */
export function SignInCard({ card, organization, signInUrl }: { card: Card; organization: string; signInUrl: string }) {
  const name = card.name || (card.role === "admin" ? "Instructor" : "Learner");
  return (
    <article
      aria-label={`Sign-in card for ${name}`}
      className="flex flex-col gap-2 rounded-lg border-2 border-dashed border-border bg-card p-4 break-inside-avoid print:h-[60mm] print:gap-[1.5mm] print:overflow-hidden print:rounded-none print:border print:p-[4mm]"
    >
      <header className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg leading-tight font-semibold print:text-[13pt]">{name}</h2>
        <p className="truncate text-xs text-muted-foreground print:text-[8pt]">
          {card.group}
          {card.role === "admin" ? " · instructor" : ""}
        </p>
      </header>
      <p className="-mt-1 truncate text-xs text-muted-foreground print:text-[8pt]">Parley · {organization}</p>
      <dl className="grid gap-1 print:gap-[1mm]">
        <Field label="Sign in at" value={signInUrl} />
        <Field label="Email" value={card.email} />
        <Field label="Password" value={card.password} strong />
      </dl>
      <p className="mt-auto text-xs leading-snug text-muted-foreground print:text-[7.5pt]">
        Type both exactly as printed: the dashes are part of the password. Keep this card to yourself.
      </p>
    </article>
  );
}

/** The cards in pages of eight; on paper each page breaks after its last card and no card splits. */
export function SignInCardPages(props: { cards: Card[]; organization: string; signInUrl: string }) {
  return (
    <>
      <style>{PAGE_STYLE}</style>
      <div className="space-y-4 print:space-y-0">
        {pagesOf(props.cards).map((page, i) => (
          <section
            key={i}
            aria-label={`Page ${i + 1}`}
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-[89mm_89mm] print:grid-rows-[repeat(4,60mm)] print:gap-x-[6mm] print:gap-y-[4mm] print:break-after-page print:last:break-after-auto"
          >
            {page.map((card) => (
              <SignInCard key={card.email} card={card} organization={props.organization} signInUrl={props.signInUrl} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
