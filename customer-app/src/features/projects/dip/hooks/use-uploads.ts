import type { DipProjectStep } from '@portal/resources';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePortal } from '../../../../lib/portal-context';
import { key } from '../../../../notifications/notification-store';
import type { FormErrors } from '../../model/form-errors';
import { uploadFile } from '../api/upload';
import { dipErrorsOf } from '../model/dip-errors';
import {
  checkEncryptedContent,
  checkUploadFiles,
  type FileProblem,
  type UploadTarget,
} from '../model/file-checks';
import { useRefreshAfterDipChange } from './use-dip';

type UploadStatus = 'checking' | 'waiting' | 'uploading' | 'refused' | 'failed' | 'cancelled';

/** One file on its way: checked, queued, sending (with progress) or refused. Uploaded files leave the list. */
export interface UploadEntry {
  id: number;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** Refused before sending, by the rules of spec §5 / §9. */
  problems: FileProblem[];
  /** Refused by the server (its message and item list). */
  errors: FormErrors | null;
}

interface Job {
  entry: number;
  file: File;
}

/**
 * Uploads of one step: every picked or dropped file is checked before sending (name, type, duplicates, size and,
 * for an encrypted step, its content) with the server's messages, then sent one after the other with its progress.
 * The server checks again; its refusals stay in the list with their item lists until dismissed.
 */
export function useUploads(projectId: string, step: DipProjectStep, target: UploadTarget) {
  const { api, notifications } = usePortal();
  const refresh = useRefreshAfterDipChange(projectId);
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const queue = useRef<Job[]>([]);
  const running = useRef(false);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);
  // Names already in the step plus those on their way, so two picks of one name are caught before sending.
  const sending = useRef(new Set<string>());

  const update = useCallback((id: number, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));
  }, []);
  const remove = useCallback((id: number) => {
    setEntries((current) => current.filter((entry) => entry.id !== id));
  }, []);

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    while (queue.current.length > 0) {
      const job = queue.current.shift()!;
      const controller = new AbortController();
      controllers.current.set(job.entry, controller);
      update(job.entry, { status: 'uploading', loaded: 0 });
      try {
        await uploadFile(api, {
          projectId,
          stepId: step.id,
          file: job.file,
          signal: controller.signal,
          onProgress: ({ loaded }) => update(job.entry, { loaded }),
        });
        remove(job.entry);
        notifications.notify({ kind: 'success', title: key('dip.notice.uploaded', { name: job.file.name }) });
        await refresh();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          update(job.entry, { status: 'cancelled' });
        } else {
          // A 401 went to the api client's handler already (it signs out and goes home).
          update(job.entry, { status: 'failed', errors: dipErrorsOf(error) });
        }
      } finally {
        controllers.current.delete(job.entry);
        sending.current.delete(job.file.name.toLowerCase());
      }
    }
    running.current = false;
  }, [api, notifications, projectId, refresh, remove, step.id, update]);

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const checked = checkUploadFiles(files, {
        ...target,
        existingNames: [...target.existingNames, ...sending.current],
      });
      const added = checked.map(({ file, problems }) => ({
        entry: {
          id: nextId.current++,
          name: file.name,
          size: file.size,
          status: (problems.length ? 'refused' : 'checking') as UploadStatus,
          loaded: 0,
          problems,
          errors: null,
        },
        file,
      }));
      for (const { entry, file } of added) {
        if (entry.status !== 'refused') sending.current.add(file.name.toLowerCase());
      }
      setEntries((current) => [...current, ...added.map(({ entry }) => entry)]);
      for (const { entry, file } of added) {
        if (entry.status === 'refused') continue;
        const problems =
          target.completionType === 'file-upload-encrypted' ? await checkEncryptedContent(file) : [];
        if (problems.length) {
          sending.current.delete(file.name.toLowerCase());
          update(entry.id, { status: 'refused', problems });
          continue;
        }
        update(entry.id, { status: 'waiting' });
        queue.current.push({ entry: entry.id, file });
      }
      void pump();
    },
    [pump, target, update],
  );

  const cancel = useCallback(
    (id: number) => {
      const controller = controllers.current.get(id);
      if (controller) {
        controller.abort();
        return;
      }
      const index = queue.current.findIndex((job) => job.entry === id);
      if (index >= 0) {
        const [job] = queue.current.splice(index, 1);
        sending.current.delete(job!.file.name.toLowerCase());
        update(id, { status: 'cancelled' });
      }
    },
    [update],
  );

  return { entries, addFiles, cancel, dismiss: remove };
}
