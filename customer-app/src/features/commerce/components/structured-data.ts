import type {
  CatalogueDocument,
  SoftwareBundleDetail,
  ToolDetail,
  ToolVersionDetail,
} from '@portal/resources';
import type { StructuredData } from '../../../components/page-meta';

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
