import { ContentSection } from '@/components/page/content-section';
import type { LegalDocument } from './content/legal-types';

/** A legal text with its table of contents beside it on wide screens. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:px-8">
      <nav aria-label="Sections" className="text-sm lg:sticky lg:top-24 lg:h-fit">
        <p className="font-semibold">Contents</p>
        <ol className="mt-3 space-y-2">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-muted-foreground hover:text-foreground">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="max-w-3xl space-y-10">
        <p className="text-sm text-muted-foreground">Last updated: {doc.updated}</p>
        <p className="text-lg leading-relaxed">{doc.intro}</p>
        {doc.sections.map((s) => (
          <ContentSection key={s.id} id={s.id} title={s.title}>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.list && (
              <ul className="space-y-2">
                {s.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </ContentSection>
        ))}
      </div>
    </div>
  );
}
