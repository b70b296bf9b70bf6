// The little of dcmjs (which ships no types) that the sample generator uses: naturalised datasets to Part 10.
declare module 'dcmjs' {
  type Dataset = Record<string, unknown>;
  const dcmjs: {
    data: {
      DicomDict: new (meta: Dataset) => {
        dict: Dataset;
        write(options?: Record<string, unknown>): ArrayBuffer;
      };
      DicomMetaDictionary: { denaturalizeDataset(dataset: Dataset): Dataset };
    };
  };
  export default dcmjs;
}
