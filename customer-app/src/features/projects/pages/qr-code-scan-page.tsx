import Keyboard from '@mui/icons-material/Keyboard';
import Videocam from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { MuiScope } from '../../../app/mui-scope';
import { DocumentTitle } from '../../../components/document-title';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { PageHeading } from '../components/page-heading';
import { serialFromScannedText } from '../model/scanned-code';
import { scannedRegistrationPath } from '../paths';
import { loadQrDecoder, type QrDecoder } from '../qr/qr-decoder';
import { QrImageInput } from '../qr/qr-image-input';

/** How often a camera frame is read: fast enough to feel instant, slow enough to leave a phone cool. */
const SCAN_INTERVAL_MS = 200;
/** Frames are read at most this wide; QR codes on labels stay readable and decoding stays quick. */
const FRAME_MAX_WIDTH = 720;

type CameraState = 'idle' | 'starting' | 'scanning' | 'error';

/** Why the camera did not start, as the browser reports it (spec calls §8.4: QR camera errors). */
function cameraErrorKey(error: unknown): MessageKey {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'qr.error.denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'qr.error.notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'qr.error.inUse';
  return 'qr.error.unavailable';
}

/**
 * `/qr-code-scan`: reads the QR code on a product label with the camera. The frames never leave the browser;
 * once a code with a serial number is read, the camera stops and registration opens prefilled with it.
 */
export function QrCodeScanPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // Each start and stop begins a new run; a camera that answers for an older run is switched off at once.
  const run = useRef(0);
  const [state, setState] = useState<CameraState>('idle');
  const [message, setMessage] = useState<string | null>(null);

  const stop = useCallback(() => {
    run.current += 1;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const found = useCallback(
    (text: string) => {
      if (!serialFromScannedText(text)) {
        setMessage(t('qr.notASerialNumber'));
        return false;
      }
      stop();
      void navigate(scannedRegistrationPath(text), { replace: true });
      return true;
    },
    [navigate, stop, t],
  );

  const start = useCallback(async () => {
    setMessage(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('error');
      setMessage(t('qr.error.unsupported'));
      return;
    }
    stop();
    const mine = run.current;
    setState('starting');
    const [decoderResult, cameraResult] = await Promise.allSettled([
      loadQrDecoder(),
      navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
    ]);
    const camera = cameraResult.status === 'fulfilled' ? cameraResult.value : null;
    if (run.current !== mine || decoderResult.status === 'rejected' || !camera) {
      camera?.getTracks().forEach((track) => track.stop());
      if (run.current !== mine) return;
      setState('error');
      setMessage(
        cameraResult.status === 'rejected' ? t(cameraErrorKey(cameraResult.reason)) : t('qr.decoderFailed'),
      );
      return;
    }
    const decoder: QrDecoder = decoderResult.value;
    const element = video.current;
    if (!element) {
      camera.getTracks().forEach((track) => track.stop());
      return;
    }
    stream.current = camera;
    element.srcObject = camera;
    await element.play().catch(() => undefined);
    setState('scanning');

    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const tick = async () => {
      if (run.current !== mine || !context) return;
      if (element.videoWidth > 0) {
        const scale = Math.min(1, FRAME_MAX_WIDTH / element.videoWidth);
        canvas.width = Math.round(element.videoWidth * scale);
        canvas.height = Math.round(element.videoHeight * scale);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const text = await decoder
          .decode(context.getImageData(0, 0, canvas.width, canvas.height))
          .catch(() => null);
        if (run.current !== mine) return;
        if (text && found(text)) return;
      }
      window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
  }, [found, stop, t]);

  useEffect(() => {
    void start();
    return stop;
  }, [start, stop]);

  return (
    <MuiScope>
      <DocumentTitle title={t('page.qrCodeScan')} />
      <PageHeading title={t('page.qrCodeScan')} back={{ to: paths.myProjects, label: t('nav.myProjects') }} />
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '40rem' }}>
        {t('qr.intro')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          position: 'relative',
          maxWidth: 560,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          overflow: 'hidden',
          mb: 2,
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('qr.cameraLabel')}
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: state === 'scanning' ? 'block' : 'none',
          }}
        />
        {state === 'scanning' && (
          // The frame to hold the code in; decorative.
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              inset: '15%',
              border: '3px solid rgba(255,255,255,0.85)',
              borderRadius: 2,
            }}
          />
        )}
        {state !== 'scanning' && (
          <Stack
            sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', p: 3 }}
          >
            <Videocam aria-hidden="true" sx={{ fontSize: 48, color: 'grey.400' }} />
            <Typography sx={{ color: 'grey.100', mt: 1, textAlign: 'center' }}>
              {state === 'starting' ? t('qr.starting') : t('qr.cameraOff')}
            </Typography>
          </Stack>
        )}
      </Paper>
      <Typography role="status" sx={{ mb: 2 }}>
        {state === 'scanning' ? t('qr.scanning') : ''}
      </Typography>
      {message && (
        <Alert severity={state === 'error' ? 'error' : 'warning'} sx={{ mb: 2, maxWidth: 560 }}>
          {message}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {state === 'error' && (
          <Button variant="contained" startIcon={<Videocam />} onClick={() => void start()}>
            {t('qr.tryAgain')}
          </Button>
        )}
        <QrImageInput onDecoded={(text) => void found(text)} onError={setMessage} />
        <Button component={RouterLink} to={paths.createProject} startIcon={<Keyboard />}>
          {t('qr.enterManually')}
        </Button>
      </Stack>
    </MuiScope>
  );
}
