import { endpoints } from '@alpenkube/contract/endpoints';
import {
  domainCheckSchema,
  organizationDomainSchema,
  organizationResidencySchema,
  organizationScopeQuerySchema,
  setOrganizationDomainSchema,
  setResidencyPolicySchema,
  verifyOrganizationDomainSchema,
} from '@alpenkube/contract';
import { routePlugin } from '../../http/route.ts';
import { clientInfo, requireSession } from '../sessions/index.ts';

const scopeNote =
  ' An admin works in their own organization (naming another is a 404); a super admin in any (the optional `organizationId`).';

/** An organization's admins set where its data may live and prove its e-mail domain. */
export const organizationRoutes = routePlugin({ tag: 'people' }, async (app, route) => {
  const { organizationSettings: settings } = app.services;
  const api = endpoints.members;

  route(
    api.residencyPolicy,
    {
      access: 'orgAdmin',
      summary: `The organization's residency policy: EU regions only, or any jurisdiction.${scopeNote}`,
      query: organizationScopeQuerySchema,
      answer: { 200: organizationResidencySchema },
      refuses: [404],
    },
    async (request) =>
      settings.residency(requireSession(request).user, request.query.organizationId),
  );

  route(
    api.ownResidencyPolicy,
    {
      access: 'member',
      summary:
        "The member's own organization's residency policy, so the order forms offer only the regions it allows",
      answer: { 200: organizationResidencySchema },
      refuses: [],
    },
    async (request) => {
      const { user } = requireSession(request);
      return settings.residency(user, user.organizationId);
    },
  );

  route(
    api.setResidencyPolicy,
    {
      access: 'orgAdmin',
      summary:
        'Sets the residency policy (audited). Orders, add-ons and products outside it are refused with a 403 naming it; what already runs keeps running and the officers’ report flags it',
      body: setResidencyPolicySchema,
      answer: { 200: organizationResidencySchema },
      refuses: [404],
    },
    async (request) =>
      settings.setResidency(requireSession(request).user, request.body, clientInfo(request)),
  );

  route(
    api.domain,
    {
      access: 'orgAdmin',
      summary: `The organization's e-mail domain, the DNS TXT record that proves it, whether it is proven and the last check.${scopeNote}`,
      query: organizationScopeQuerySchema,
      answer: { 200: organizationDomainSchema },
      refuses: [404],
    },
    async (request) => settings.domain(requireSession(request).user, request.query.organizationId),
  );

  route(
    api.setDomain,
    {
      access: 'orgAdmin',
      summary:
        'Names the organization’s domain (400 for a public mail provider): a new record to publish, not proven until verified (audited)',
      body: setOrganizationDomainSchema,
      answer: { 200: organizationDomainSchema },
      refuses: [404],
    },
    async (request) =>
      settings.setDomain(requireSession(request).user, request.body, clientInfo(request)),
  );

  route(
    api.verifyDomain,
    {
      access: 'orgAdmin',
      summary:
        'Looks the TXT record up through the configured resolver: `found` proves the domain, `not_found` withdraws a proof, `resolver_error` changes nothing. 404 for a domain not the organization’s; 409 when another organization proved it',
      body: verifyOrganizationDomainSchema,
      answer: { 200: domainCheckSchema },
      refuses: [404, 409],
    },
    async (request) =>
      settings.verifyDomain(requireSession(request).user, request.body, clientInfo(request)),
  );
});
