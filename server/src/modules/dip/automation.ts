import { and, eq } from 'drizzle-orm';
import {
  boards,
  companySpaces,
  dipStepResults,
  projectDips,
  projectMembers,
  projects,
  users,
} from '../../db/tables.js';
import { membershipOf } from '../platform/company-space-records.js';
import type { Executor } from '../../crud/repository.js';
import { userByEmail } from '../projects/users.js';
import { inProjectCompanySpace } from '../projects/project-roles.module.js';
import { dipState, initialStatus, syncDipStatus, type DipState } from './process.js';
import {
  applicableStepRows,
  completionTypeOf,
  followUpOf,
  resolverRolesOf,
  type DipStepRow,
} from './records.js';

type ProjectRow = typeof projects.$inferSelect;
type BoardRow = typeof boards.$inferSelect;

/** What the system did while moving a process on, for the mails and the audit record. */
export interface DipEvents {
  lines: string[];
}

interface NewProject {
  name: string;
  description: string;
  board: BoardRow;
  ownerId: string;
  substituteId?: string | null;
}

/**
 * Registers a project the design-in process starts (a child project, the follow-up): in the owner's company space
 * (none when they have none), secure when its board is, with the status of the board's own process. Its board's
 * release and serial number rules are not applied: an admin chose the board when configuring the process.
 */
async function createProject(tx: Executor, input: NewProject): Promise<string> {
  const membership = await membershipOf(tx, input.ownerId);
  const [space] = membership
    ? await tx
        .select({ name: companySpaces.name })
        .from(companySpaces)
        .where(eq(companySpaces.id, membership.companySpaceId))
        .limit(1)
    : [];
  const [owner] = await tx
    .select({ company: users.company })
    .from(users)
    .where(eq(users.id, input.ownerId))
    .limit(1);
  const [row] = await tx
    .insert(projects)
    .values({
      name: input.name,
      description: input.description,
      boardId: input.board.id,
      companySpaceId: membership?.companySpaceId ?? null,
      secure: input.board.secure,
      dipStatus: initialStatus(await applicableStepRows(tx, input.board)),
      ownerCompany: owner?.company ?? null,
      companyName: space?.name ?? null,
    })
    .returning({ id: projects.id });
  const projectId = row!.id;
  // A configured substitute of another company space is left out (the owner keeps the project alone): the same
  // company-space rule as every other way into a project role, without failing the admin's step.
  const substituteId =
    input.substituteId &&
    input.substituteId !== input.ownerId &&
    (await inProjectCompanySpace(tx, input.substituteId, {
      companySpaceId: membership?.companySpaceId ?? null,
    }))
      ? input.substituteId
      : null;
  await tx
    .insert(projectMembers)
    .values([
      { projectId, userId: input.ownerId, role: 'owner' as const },
      ...(substituteId ? [{ projectId, userId: substituteId, role: 'substitute' as const }] : []),
    ]);
  return projectId;
}

/** The child project a child-project step names, or why it cannot be made. */
export async function createChildProject(
  tx: Executor,
  project: ProjectRow,
  step: DipStepRow,
): Promise<{ projectId: string } | { error: string }> {
  if (!step.childBoardIspn || !step.childOwnerEmail) {
    return { error: 'The step names no board or owner for the child project.' };
  }
  const [board] = await tx.select().from(boards).where(eq(boards.ispn, step.childBoardIspn)).limit(1);
  if (!board) return { error: `No board has the ISPN ${step.childBoardIspn}.` };
  const owner = await userByEmail(tx, step.childOwnerEmail);
  if (!owner) return { error: `No portal user has the email address ${step.childOwnerEmail}.` };
  const substitute = step.childSubstituteEmail ? await userByEmail(tx, step.childSubstituteEmail) : null;
  if (step.childSubstituteEmail && !substitute) {
    return { error: `No portal user has the email address ${step.childSubstituteEmail}.` };
  }
  const projectId = await createProject(tx, {
    name: project.name,
    description: `Started by step "${step.title}" of the design-in process of project ${project.name}.`,
    board,
    ownerId: owner.id,
    substituteId: substitute?.id ?? null,
  });
  return { projectId };
}

/** A step the system resolves by itself when it becomes active. */
const isSystemStep = (step: DipStepRow) =>
  completionTypeOf(step) === 'child-project' && resolverRolesOf(step).every((role) => role === 'nobody');

/** Runs a child-project step: makes the child project and resolves the step, or records why it could not. */
export async function runChildProjectStep(
  tx: Executor,
  project: ProjectRow,
  step: DipStepRow,
  actorId: string | null,
  events: DipEvents,
): Promise<boolean> {
  const outcome = await createChildProject(tx, project, step);
  const now = new Date();
  const values =
    'error' in outcome
      ? {
          systemError: outcome.error,
          resolvedAt: null,
          resolvedBy: null,
          completedAt: null,
          completedBy: null,
        }
      : {
          childProjectId: outcome.projectId,
          systemError: null,
          resolvedAt: now,
          resolvedBy: actorId,
          completedAt: step.confirmationRequired ? null : now,
          completedBy: step.confirmationRequired ? null : actorId,
        };
  await tx
    .insert(dipStepResults)
    .values({ projectId: project.id, stepId: step.id, ...values })
    .onConflictDoUpdate({ target: [dipStepResults.projectId, dipStepResults.stepId], set: values });
  events.lines.push(
    'error' in outcome
      ? `Step "${step.title}": the child project could not be created (${outcome.error})`
      : `Step "${step.title}": the child project was created${step.confirmationRequired ? ' and waits for confirmation' : ''}`,
  );
  return !('error' in outcome);
}

/**
 * After the last step completed: registers the follow-up project (the next board for the next owner, or the same
 * owner) once, and marks the process completed.
 */
async function startFollowUp(tx: Executor, project: ProjectRow, board: BoardRow, events: DipEvents) {
  const [existing] = await tx
    .select()
    .from(projectDips)
    .where(eq(projectDips.projectId, project.id))
    .limit(1);
  const now = new Date();
  let followUpProjectId = existing?.followUpProjectId ?? null;
  const followUp = await followUpOf(tx, board.id);
  if (followUp && !followUpProjectId) {
    const owner = followUp.nextOwnerEmail
      ? await userByEmail(tx, followUp.nextOwnerEmail)
      : (
          await tx
            .select({ id: projectMembers.userId })
            .from(projectMembers)
            .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.role, 'owner')))
            .limit(1)
        )[0];
    const [next] = await tx.select().from(boards).where(eq(boards.id, followUp.nextBoardId)).limit(1);
    if (owner && next) {
      followUpProjectId = await createProject(tx, {
        name: project.name,
        description: `Follows project ${project.name} after its design-in process on ${board.name}.`,
        board: next,
        ownerId: owner.id,
      });
      events.lines.push(
        `The design-in process is complete; the follow-up project on ${next.name} was registered`,
      );
    } else {
      events.lines.push(
        `The design-in process is complete; the follow-up project could not be registered (${owner ? 'the next board is gone' : `no portal user has the email address ${followUp.nextOwnerEmail}`})`,
      );
    }
  } else {
    events.lines.push('The design-in process is complete');
  }
  await tx
    .insert(projectDips)
    .values({ projectId: project.id, followUpProjectId, completedAt: now })
    .onConflictDoUpdate({ target: projectDips.projectId, set: { followUpProjectId, completedAt: now } });
}

/**
 * Moves a process on after a change: a system step that became active is run (its child project made), and when
 * every step is completed the follow-up starts. Answers the state it ends in.
 */
export async function advance(
  tx: Executor,
  project: ProjectRow,
  board: BoardRow,
  state: DipState,
  actorId: string | null,
  events: DipEvents,
): Promise<DipState> {
  let current = state;
  // Each pass completes a step or stops, so the loop ends after at most one pass per step.
  for (let pass = 0; pass <= current.steps.length; pass += 1) {
    if (current.active < 0) {
      if (current.steps.length) {
        const [done] = await tx
          .select({ completedAt: projectDips.completedAt })
          .from(projectDips)
          .where(eq(projectDips.projectId, project.id))
          .limit(1);
        if (!done?.completedAt) await startFollowUp(tx, project, board, events);
      }
      return current;
    }
    const step = current.steps[current.active]!;
    const result = current.results.get(step.id);
    if (!isSystemStep(step) || result?.resolvedAt || result?.systemError) return current;
    const made = await runChildProjectStep(tx, project, step, null, events);
    const [row] = await tx
      .select()
      .from(dipStepResults)
      .where(and(eq(dipStepResults.projectId, project.id), eq(dipStepResults.stepId, step.id)))
      .limit(1);
    current = dipState(current.steps, new Map(current.results).set(step.id, row!));
    if (!made || step.confirmationRequired) return current;
  }
  return current;
}

/**
 * For project registration: the design-in status a new project on this board starts with, after running a first
 * step the system resolves. Call inside the registration's transaction.
 */
export async function startDesignIn(tx: Executor, projectId: string): Promise<void> {
  const [row] = await tx
    .select({ project: projects, board: boards })
    .from(projects)
    .innerJoin(boards, eq(boards.id, projects.boardId))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) return;
  const steps = await applicableStepRows(tx, row.board);
  const state = await advance(tx, row.project, row.board, dipState(steps, new Map()), null, { lines: [] });
  await syncDipStatus(tx, projectId, state);
}
