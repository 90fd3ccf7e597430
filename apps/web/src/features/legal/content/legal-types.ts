export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  updated: string;
  intro: string;
  sections: LegalSection[];
}
