// A rule's delivery fields on Performance Notifications: channels, urgency and escalation go into the saved rule.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRule } from '@cx/contracts';
import { toaster } from '@/components/ui/toaster';
import { mockFetch } from '@/testing/mock-api';
import { jsonResponse, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 40_000 });
afterEach(() => {
  act(() => toaster.remove());
  vi.unstubAllGlobals();
});

const rule: TRule = {
  _id: '64b7f0c2a1b2c3d4e5f60002',
  type: 'low-rating',
  enabled: true,
  stores: [],
  email: false,
  maxScore: 2,
  kinds: ['staff', 'experience'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('rule delivery fields', () => {
  it('saves the chosen channel, urgency, opening a case and an escalation to the owner after N minutes', async () => {
    const api = mockFetch({
      'GET /api/v1/notifications/rules': () => jsonResponse(200, { data: [rule] }),
      'GET /api/v1/notifications/settings': () =>
        jsonResponse(200, { quietHours: { enabled: false, start: '22:00', end: '07:00' } }),
      'GET /api/v1/alerts/channel-options': () =>
        jsonResponse(200, {
          channels: [{ _id: '64b7f0c2a1b2c3d4e5f6d001', kind: 'slack', name: 'Ops room' }],
        }),
      'GET /api/v1/team/members': () => jsonResponse(200, { members: [], invitations: [] }),
      [`PUT /api/v1/notifications/rules/${rule._id}`]: ({ init }) =>
        jsonResponse(200, { message: 'Rule saved', rule: { ...rule, ...JSON.parse(String(init.body)) } }),
    });
    renderApp('/settings-and-notifications', { token: 'abc' });
    const card = await screen.findByRole('article', { name: 'Low rating' });
    await userEvent.click(await within(card).findByText('Ops room (Slack)'));
    await userEvent.click(within(card).getByText('Urgent: deliver during quiet hours too'));
    await userEvent.click(within(card).getByText('Also open a case for the rating'));
    await userEvent.click(within(card).getByText('Escalate if nobody acknowledges'));
    const minutes = within(card).getByRole('spinbutton', { name: 'After (minutes)' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '10');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule saved')).toBeInTheDocument();
    expect(api.bodiesOf(`PUT /api/v1/notifications/rules/${rule._id}`)[0]).toMatchObject({
      channels: ['64b7f0c2a1b2c3d4e5f6d001'],
      urgent: true,
      openCase: true,
      escalation: { afterMinutes: 10, to: 'owner' },
    });
  });
});
