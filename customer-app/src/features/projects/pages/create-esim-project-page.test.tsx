import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-page';
import { CreateEsimProjectPage } from './create-esim-project-page';

describe('/my/projects/create/eSim', () => {
  it('shows the user’s eSIM profile with the QR code of its activation code', async () => {
    renderPage(CreateEsimProjectPage, {
      pattern: '/my/projects/create/eSim',
      path: '/my/projects/create/eSim',
      answers: {
        'eSim/profile': {
          status: 200,
          body: {
            activationCode: '1$smdp.example.com$ABC-123',
            qrCode: 'LPA:1$smdp.example.com$ABC-123',
            iccid: '8949000000000000001',
            profileName: 'Demo profile',
            serviceProviderName: 'Example Mobile',
          },
        },
      },
    });
    expect(await screen.findByText('1$smdp.example.com$ABC-123')).toBeTruthy();
    expect(screen.getByText('8949000000000000001')).toBeTruthy();
    expect(screen.getByText('Example Mobile')).toBeTruthy();
    const image = (await screen.findByRole('img', {
      name: 'QR code of the eSIM activation code',
    })) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('heading', { name: 'Register another eSIM kit' })).toBeTruthy();
  });

  it('offers the registration alone before the user has a profile', async () => {
    renderPage(CreateEsimProjectPage, {
      pattern: '/my/projects/create/eSim',
      path: '/my/projects/create/eSim',
      answers: { 'eSim/profile': { status: 404, body: { status: 404, type: 'not_found', errors: [] } } },
    });
    expect(await screen.findByRole('heading', { name: 'Register the eSIM kit' })).toBeTruthy();
    expect(screen.queryByText('Your eSIM profile')).toBeNull();
  });
});
