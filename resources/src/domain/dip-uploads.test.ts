import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_SIZE_BYTES, MAX_XML_FILE_SIZE_BYTES } from '../constants.js';
import { dipUploadFileProblems, dipUploadNameProblems, type DipUploadTarget } from './dip-uploads.js';

const plain: DipUploadTarget = { completionType: 'file-upload', existingNames: [], acceptedFileTypes: null };
const xml: DipUploadTarget = { ...plain, completionType: 'file-upload-xml-validation' };
const encrypted: DipUploadTarget = { ...plain, completionType: 'file-upload-encrypted' };
const secure = (target: DipUploadTarget): DipUploadTarget => ({
  ...target,
  acceptedFileTypes: ['.xml', '.asc'],
});
const codes = (name: string, target: DipUploadTarget, size = 10) =>
  dipUploadFileProblems({ name, size }, target).map((found) => found.errorCode);

describe('design-in upload rules', () => {
  it('lets good files through', () => {
    expect(codes('Schematics_v2-(final).pdf', plain)).toEqual([]);
    expect(codes('config.XML', secure(xml))).toEqual([]);
    expect(codes('app.bin.asc', secure(encrypted))).toEqual([]);
  });

  it('checks the name first, then the step’s type, the board’s types and duplicates, in that order', () => {
    expect(codes('my file.txt', { ...xml, existingNames: ['my file.txt'] })).toEqual(['invalid_name']);
    expect(codes('config.asc', secure(xml))).toEqual(['wrong_file_type']);
    expect(dipUploadNameProblems('config.asc', secure(xml))[0]!.message).toContain('Accepted: .xml.');
    expect(codes('app.bin', secure(encrypted))).toEqual(['not_encrypted']);
    expect(codes('notes.pdf', secure(plain))).toEqual(['wrong_file_type']);
    expect(dipUploadNameProblems('notes.pdf', secure(plain))[0]!.message).toContain('Accepted: .xml, .asc.');
    expect(codes('Report.pdf', { ...plain, existingNames: ['report.PDF'] })).toEqual(['duplicate_name']);
  });

  it('bounds a configuration at 5 MB and other files at 25 MB; an empty file is refused', () => {
    expect(codes('c.xml', xml, MAX_XML_FILE_SIZE_BYTES)).toEqual([]);
    expect(codes('c.xml', xml, MAX_XML_FILE_SIZE_BYTES + 1)).toEqual(['file_too_big']);
    expect(codes('big.bin', plain, MAX_UPLOAD_FILE_SIZE_BYTES)).toEqual([]);
    expect(codes('big.bin', plain, MAX_UPLOAD_FILE_SIZE_BYTES + 1)).toEqual(['file_too_big']);
    expect(codes('empty.bin', plain, 0)).toEqual(['file_not_uploaded']);
  });
});
