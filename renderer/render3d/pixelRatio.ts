/**
 * @file How many canvas pixels per CSS pixel the 3-D view renders. A software WebGL (SwiftShader, llvmpipe: a
 * machine without a usable GPU) pays for every pixel on the CPU, so a HiDPI screen there renders at one pixel per
 * CSS pixel instead of quadrupling the work; with a GPU, up to two.
 */

/** Renderer names of WebGL implementations that run on the CPU. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software/i;

/** The pixel ratio for a WebGL context with `rendererName` on a screen of `devicePixelRatio`. */
export function scenePixelRatio(devicePixelRatio: number, rendererName: string | undefined): number {
  const cap = rendererName !== undefined && SOFTWARE_RENDERERS.test(rendererName) ? 1 : 2;
  return Math.max(1, Math.min(devicePixelRatio || 1, cap));
}

/** The unmasked renderer name of a WebGL context, when the browser tells it. */
export function webglRendererName(gl: WebGLRenderingContext | WebGL2RenderingContext): string | undefined {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return typeof name === 'string' ? name : undefined;
}
