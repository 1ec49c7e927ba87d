// ico-endec ships JavaScript only; the two functions the build and its test use.
declare module 'ico-endec' {
  export interface IconEntry {
    width: number
    height: number
    imageType: 'png' | 'bmp'
    imageData: Buffer
  }
  const icoEndec: {
    encode(images: Array<Buffer | ArrayBuffer>): Buffer
    decode(ico: Buffer | ArrayBuffer): IconEntry[]
  }
  export default icoEndec
}
