import { MuiScope } from '../../../app/mui-scope';
import { LightPageFrame, type PageFrameProps } from './light-page-frame';

/** The frame of a commerce page with MUI parts: the light frame inside the MUI theme. */
export function PageFrame(props: PageFrameProps) {
  return (
    <MuiScope>
      <LightPageFrame {...props} />
    </MuiScope>
  );
}
