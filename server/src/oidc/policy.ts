import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { EMBEDDED_MFA_ACR } from '../config.js';

const { base, Check, Prompt } = interactionPolicy;

/** The acr values an authorization request asks for: its acr_values, else the client's registered default. */
function requestedAcrValues(ctx: KoaContextWithOIDC): string[] {
  const param = ctx.oidc.params?.acr_values;
  if (typeof param === 'string' && param.trim()) return param.trim().split(/\s+/);
  return (ctx.oidc.client?.defaultAcrValues as string[] | undefined) ?? [];
}

/**
 * The library's login and consent prompts plus two of ours: `create` (registration, asked with prompt=create)
 * and a step-up check on login that demands the second factor when the MFA acr is asked and the session lacks it.
 */
export function portalInteractionPolicy() {
  const policy = base();
  policy.add(new Prompt({ name: 'create', requestable: true }), 0);
  policy.get('login')!.checks.add(
    new Check('mfa_required', 'A second factor is required', (ctx: KoaContextWithOIDC) => {
      const { session } = ctx.oidc;
      if (!session?.accountId || !requestedAcrValues(ctx).includes(EMBEDDED_MFA_ACR))
        return Check.NO_NEED_TO_PROMPT;
      return session.acr === EMBEDDED_MFA_ACR ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return policy;
}
