import type {
  CatalogueDocument,
  SoftwareBundleDetail,
  ToolDetail,
  ToolVersionDetail,
} from '@portal/resources';

/** A schema.org description of an item's page (issue 48): a `SoftwareApplication`, a `TechArticle`. */
type StructuredData = Readonly<Record<string, unknown>> & { '@type': string };

/**
 * The item's JSON-LD in a non-executable script beside its content, `<` escaped so no text of the catalogue closes
 * it. Its address is the page's canonical link.
 */
export function StructuredDataScript({ data }: { data: StructuredData }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data });
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }} />
  );
}

/** A tool or software as schema.org's `SoftwareApplication`: its latest version, systems and download address. */
export function toolStructuredData(tool: ToolDetail, latest: ToolVersionDetail | undefined): StructuredData {
  const files = latest?.downloadUrls ?? [];
  const systems = [...new Set(files.map((file) => file.os).filter((os) => os !== ''))];
  return {
    '@type': 'SoftwareApplication',
    name: tool.name,
    ...(tool.description && { description: tool.description }),
    applicationCategory: 'DeveloperApplication',
    ...(latest && { softwareVersion: latest.version }),
    ...(systems.length > 0 && { operatingSystem: systems.join(', ') }),
    ...(files[0] && { downloadUrl: files[0].url }),
    dateModified: tool.updatedAt,
  };
}

/** A bundle as a `SoftwareApplication` too: what it holds is software, its versions the bundle's. */
export function bundleStructuredData(bundle: SoftwareBundleDetail): StructuredData {
  return {
    '@type': 'SoftwareApplication',
    name: bundle.name,
    applicationCategory: 'DeveloperApplication',
    dateModified: bundle.updatedAt,
  };
}

/** A document as schema.org's `TechArticle`. */
export function documentStructuredData(document: CatalogueDocument): StructuredData {
  return {
    '@type': 'TechArticle',
    headline: document.title,
    ...(document.description && { description: document.description }),
    genre: document.type,
    encoding: { '@type': 'MediaObject', contentUrl: document.url, name: document.filename },
    dateModified: document.updatedAt,
  };
}
