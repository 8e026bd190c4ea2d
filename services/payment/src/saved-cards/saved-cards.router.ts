/**
 * The owner's card on file (docs/behaviour/revenue-share.md#card-on-file):
 *
 *   GET    /api/saved-card        → MySavedCard (signed in)
 *   POST   /api/saved-card/setup  { returnTo } → { url }: the page where the card is entered; 503 without
 *          a provider that keeps cards
 *   DELETE /api/saved-card        → MySavedCard with card null
 *   GET    /api/saved-card/return?session_id=… → Stripe's return: asks Stripe for the card the owner saved,
 *          keeps it, 303 back (`?card=saved`, or `?card=failed` when Stripe says it is not complete)
 *   GET    /api/test-card-setup/:id                → the test provider's page (TEST MODE), the setup's owner only
 *   POST   /api/test-card-setup/:id/save/:card     → saves the picked test card, 303 back (`?card=saved`)
 *   POST   /api/test-card-setup/:id/cancel         → 303 back (`?card=cancelled`)
 */
import { randomBytes } from 'node:crypto';
import {
  SAVED_CARD_MESSAGES,
  SavedCardReturnPageSchema,
  SavedCardSetupRequestSchema,
  savedCardReturnPath,
  TestSavedCardFormSchema,
  type MySavedCard,
  type SavedCardOutcome,
  type SavedCardReturnPage,
  type SavedCardSetupResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { TEST_PAGE_HEADERS } from '../providers/test/test-checkout-page.js';
import type { PaymentDeps } from '../runtime.js';
import { TEST_CARD_SETUP_PATH, testSavedCard } from './card-vault.js';
import { savingVault, stripeCardVault } from './card-vaults.js';
import {
  closeCardSetup,
  findCardSetup,
  findSavedCard,
  insertCardSetup,
  removeSavedCard,
  saveCard,
  toSavedCardView,
} from './saved-cards.repository.js';
import type { CardSetupRow } from './saved-cards.tables.js';
import { renderTestCardSetupPage } from './test-card-setup-page.js';

const SetupParamsSchema = z.object({ setupId: z.string().regex(/^test_seti_[a-f0-9]{24}$/) });

const SAVED_CARD_RETURN_PATH = '/api/saved-card/return';
const ReturnQuerySchema = z.object({
  session_id: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/)
    .optional()
    .catch(undefined),
});

/** Cards are kept by the provider that takes the card payments: Stripe, else the test provider. */
function keepsCards(deps: PaymentDeps): boolean {
  return savingVault(deps) !== null;
}

export function savedCardRoutes(router: Router, deps: PaymentDeps): void {
  const myCard = async (userId: string): Promise<MySavedCard> => {
    const card = await findSavedCard(deps.db, userId);
    return {
      card: card ? toSavedCardView(card) : null,
      testMode: deps.runtime.card?.name === 'test',
      available: keepsCards(deps),
    };
  };

  const signedIn = routesWith(router, { access: requireUser });

  signedIn.get('/api/saved-card', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await myCard(req.caller.userId));
  });

  signedIn.delete('/api/saved-card', async (req, res) => {
    const removed = await deps.db.transaction((tx) => removeSavedCard(tx, req.caller.userId, deps.clock));
    if (removed) deps.logger.info({ userId: req.caller.userId }, 'card on file removed');
    res.set('Cache-Control', 'no-store').json(await myCard(req.caller.userId));
  });

  signedIn.post(
    '/api/saved-card/setup',
    validate({ body: SavedCardSetupRequestSchema }),
    async (req, res) => {
      const provider = savingVault(deps);
      if (!provider) throw new AppError('unavailable', SAVED_CARD_MESSAGES.unavailable);
      const setup = { userId: req.caller.userId, returnTo: req.body.returnTo, status: 'open' as const };
      const reference = randomBytes(12).toString('hex');
      let url = `${TEST_CARD_SETUP_PATH}/test_seti_${reference}`;
      let id = `test_seti_${reference}`;
      if (provider === 'stripe') {
        const site = deps.config.PUBLIC_BASE_URL;
        const started = await stripeCardVault(deps)!.startSetup(req.caller, reference, {
          successUrl: `${site}${SAVED_CARD_RETURN_PATH}`,
          cancelUrl: `${site}${savedCardReturnPath(req.body.returnTo, 'cancelled')}`,
        });
        ({ url } = started);
        id = started.sessionId;
      }
      await insertCardSetup(deps.db, { id, provider, ...setup, createdAt: deps.clock.now() });
      const body: SavedCardSetupResponse = { url };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  /** The setup of the signed-in owner named in the path; a 404 page for anything else. */
  const withSetup =
    (action: (setup: CardSetupRow, req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response) => {
      const params = SetupParamsSchema.safeParse(req.params);
      const setup =
        params.success && deps.runtime.test ? await findCardSetup(deps.db, params.data.setupId) : null;
      if (
        !setup ||
        setup.provider !== 'test' ||
        req.caller.kind !== 'user' ||
        setup.userId !== req.caller.userId
      ) {
        throw new AppError('not_found', SAVED_CARD_MESSAGES.setupNotFound);
      }
      await action(setup, req, res);
    };
  const back = (setup: CardSetupRow, outcome: SavedCardOutcome) =>
    savedCardReturnPath(returnPage(setup.returnTo), outcome);

  signedIn.get(SAVED_CARD_RETURN_PATH, validate({ query: ReturnQuerySchema }), async (req, res) => {
    const sessionId = req.query.session_id;
    const setup = sessionId ? await findCardSetup(deps.db, sessionId) : null;
    const vault = stripeCardVault(deps);
    if (!setup || setup.provider !== 'stripe' || setup.userId !== req.caller.userId || !vault) {
      return void res
        .set('Cache-Control', 'no-store')
        .redirect(303, savedCardReturnPath('revenue-report', 'failed'));
    }
    const card = setup.status === 'open' ? await vault.completedCard(setup.id) : null;
    if (card) {
      await deps.db.transaction(async (tx) => {
        if (!(await closeCardSetup(tx, setup.id, 'saved'))) return;
        await saveCard(
          tx,
          {
            userId: setup.userId,
            email: req.caller.email,
            name: '',
            provider: 'stripe',
            ...card,
            savedAt: deps.clock.now(),
          },
          deps.clock,
        );
      });
      deps.logger.info({ userId: setup.userId, provider: 'stripe' }, 'card on file saved');
    }
    const outcome = card || setup.status === 'saved' ? 'saved' : 'failed';
    res.set('Cache-Control', 'no-store').redirect(303, back(setup, outcome));
  });

  router.get(
    `${TEST_CARD_SETUP_PATH}/:setupId`,
    withSetup(async (setup, _req, res) => {
      const html = renderTestCardSetupPage({
        actionBase: `${TEST_CARD_SETUP_PATH}/${setup.id}`,
        open: setup.status === 'open',
        backUrl: back(setup, setup.status === 'saved' ? 'saved' : 'cancelled'),
      });
      res.status(200).set(TEST_PAGE_HEADERS).send(html);
    }),
  );

  router.post(
    `${TEST_CARD_SETUP_PATH}/:setupId/save/:card`,
    withSetup(async (setup, req, res) => {
      const picked = TestSavedCardFormSchema.safeParse({ card: req.params.card });
      if (!picked.success) throw new AppError('not_found', SAVED_CARD_MESSAGES.setupNotFound);
      const caller = req.caller as { userId: string; email: string };
      await deps.db.transaction(async (tx) => {
        if (!(await closeCardSetup(tx, setup.id, 'saved'))) return;
        await saveCard(tx, testSavedCard(caller, picked.data.card, deps.clock.now()), deps.clock);
      });
      deps.logger.info({ userId: setup.userId, provider: 'test' }, 'card on file saved');
      res.set('Cache-Control', 'no-store').redirect(303, back(setup, 'saved'));
    }),
  );

  router.post(
    `${TEST_CARD_SETUP_PATH}/:setupId/cancel`,
    withSetup(async (setup, _req, res) => {
      await closeCardSetup(deps.db, setup.id, 'cancelled');
      res.set('Cache-Control', 'no-store').redirect(303, back(setup, 'cancelled'));
    }),
  );
}

function returnPage(value: string): SavedCardReturnPage {
  return SavedCardReturnPageSchema.catch('revenue-report').parse(value);
}
